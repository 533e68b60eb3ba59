import type { StorageContext } from '../../context.js';
import { setColumns } from '../kit.js';
import { checkRefs, replaceRiskMeasures } from '../refs.js';
import { type InsertStep, registerRepository, type UpdateStep } from '../register-repository.js';
import { MEASURE_ORDER, measureWhere } from './filters.js';
import { appendEvidence, checkControls, replaceControls } from './links.js';
import { selectMeasures, toMeasure } from './mapping.js';
import type { Measure, MeasureCreate, MeasurePatch } from './types.js';

/** The measures register with evidence, framework controls and mitigated risks. */
export function measuresRepository(ctx: StorageContext) {
  return registerRepository({
    ctx,
    register: 'measures',
    recordType: 'measure',
    idKind: 'measure',
    select: selectMeasures,
    toRecord: toMeasure,
    where: measureWhere,
    order: MEASURE_ORDER,
    insert: async ({ trx, organizationId, id, now, data }: InsertStep<MeasureCreate>) => {
      const controls = data.controls ?? [];
      const riskIds = data.risk_ids ?? [];
      await checkControls({ trx, organizationId, controls });
      await checkRefs({ trx, table: 'risks', organizationId, ids: riskIds, field: 'risk_ids' });
      await trx
        .insertInto('measures')
        .values({
          id,
          organization_id: organizationId,
          name: data.name,
          description: data.description ?? null,
          category: data.category ?? null,
          owner: data.owner ?? null,
          state: data.state ?? 'NOT_STARTED',
          applicability_justification: data.applicability_justification ?? null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await appendEvidence({
        trx,
        organizationId,
        measureId: id,
        evidence: data.evidence ?? [],
        now,
        field: 'evidence',
      });
      await replaceControls({ trx, organizationId, measureId: id, controls });
      await replaceRiskMeasures({ trx, organizationId, side: { measureId: id, riskIds }, fresh: true });
    },
    update: async ({ trx, organizationId, id, now, patch }: UpdateStep<Measure, MeasurePatch>) => {
      const { add_evidence: addEvidence, controls, risk_ids: riskIds, ...columns } = patch;
      if (controls) await checkControls({ trx, organizationId, controls });
      if (riskIds) await checkRefs({ trx, table: 'risks', organizationId, ids: riskIds, field: 'risk_ids' });
      await setColumns({ trx, table: 'measures', organizationId, id, columns, now });
      if (addEvidence)
        await appendEvidence({
          trx,
          organizationId,
          measureId: id,
          evidence: addEvidence,
          now,
          field: 'add_evidence',
        });
      if (controls) await replaceControls({ trx, organizationId, measureId: id, controls });
      if (riskIds) await replaceRiskMeasures({ trx, organizationId, side: { measureId: id, riskIds } });
    },
  });
}

/** The measures repository's type. */
export type MeasuresRepository = ReturnType<typeof measuresRepository>;
