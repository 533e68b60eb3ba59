import { COMPLY_NS } from '../import/props.js';
import { stableUuid } from '../uuid.js';
import { complyProps, dateTime, oneLine } from './common.js';
import type { MeasureInput, RiskInput } from './inputs.js';

/** Risks that still need action: OPEN (no treatment decided) and IN_TREATMENT (treatment under way). */
export function isUntreated(risk: RiskInput): boolean {
  return risk.status === 'OPEN' || risk.status === 'IN_TREATMENT';
}

/** The uuid of a risk's OSCAL risk. */
export function riskUuid(risk: { id: string }): string {
  return stableUuid({ kind: 'risk', id: risk.id });
}

function facet({ name, value }: { name: string; value: number }) {
  return { name, system: COMPLY_NS, value: String(value) };
}

/**
 * A Comply risk as an OSCAL risk: likelihood and impact (1–5, residual) as facets, the inherent
 * values beside them, linked measures as remediations.
 */
export function oscalRisk(args: {
  risk: RiskInput;
  measures: Map<string, MeasureInput>;
  organizationUuid: string;
}) {
  const { risk } = args;
  const linked = risk.measure_ids.flatMap((id) => args.measures.get(id) ?? []);
  return {
    uuid: riskUuid(risk),
    title: oneLine(risk.name),
    description: risk.description ?? risk.name,
    statement: risk.description ?? risk.name,
    props: complyProps({
      'risk-id': risk.id,
      category: risk.category,
      owner: risk.owner,
      status: risk.status,
      treatment: risk.treatment,
      'inherent-score': risk.inherent_likelihood * risk.inherent_impact,
      'residual-score': risk.residual_likelihood * risk.residual_impact,
    }),
    status: risk.status === 'OPEN' ? 'open' : 'remediating',
    characterizations: [
      {
        origin: { actors: [{ type: 'party', 'actor-uuid': args.organizationUuid }] },
        facets: [
          facet({ name: 'likelihood', value: risk.residual_likelihood }),
          facet({ name: 'impact', value: risk.residual_impact }),
          facet({ name: 'inherent-likelihood', value: risk.inherent_likelihood }),
          facet({ name: 'inherent-impact', value: risk.inherent_impact }),
        ],
      },
    ],
    ...(risk.review_date ? { deadline: dateTime(risk.review_date) } : {}),
    ...(linked.length > 0
      ? {
          remediations: linked.map((measure) => ({
            uuid: stableUuid({ kind: 'remediation', id: `${risk.id}:${measure.id}` }),
            lifecycle: measure.state === 'IMPLEMENTED' ? 'completed' : 'planned',
            title: oneLine(measure.name),
            description: measure.description ?? measure.name,
            props: complyProps({ 'measure-id': measure.id, 'measure-state': measure.state }),
          })),
        }
      : {}),
  };
}
