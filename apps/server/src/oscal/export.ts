import {
  exportAssessmentResults,
  exportCatalog,
  exportMappingCollection,
  exportPoam,
  exportSystemSecurityPlan,
  OscalExportError,
} from '@comply/oscal';
import type { Storage } from '@comply/storage';
import { ToolError } from '../core/errors.js';
import { listEvery } from './records.js';
import { allFrameworks } from './resolve.js';
import { oscalIdOf, toCatalogControl } from './stored-catalog.js';

/**
 * The largest OSCAL document Comply serves (an export, a resource read, a console download), in
 * characters of JSON. Imports keep documents far below it (docs/security.md); beyond it the
 * export is refused rather than built and sent.
 */
export const EXPORT_CHAR_LIMIT = 64 * 1024 * 1024;

/** The models Comply exports, as they appear in `/api/oscal/export/{model}`. */
export const EXPORT_MODELS = [
  'catalog',
  'system-security-plan',
  'assessment-results',
  'plan-of-action-and-milestones',
  'mapping-collection',
] as const;

/** One of the exported models. */
export type ExportModel = (typeof EXPORT_MODELS)[number];

/** Whether `model` is one Comply exports. */
export function isExportModel(model: string): model is ExportModel {
  return (EXPORT_MODELS as readonly string[]).includes(model);
}

interface ExportArgs {
  storage: Storage;
  organization: { id: string; name: string; updated_at: string };
  model: string;
  frameworkId?: string | undefined;
  /** The largest export in characters of JSON (default EXPORT_CHAR_LIMIT; tests lower it). */
  charLimit?: number | undefined;
}

function noSuchFramework(frameworkId: string): ToolError {
  return new ToolError({
    code: 'NOT_FOUND',
    field: 'framework_id',
    message: `No framework with id \`${frameworkId}\` in this organization.`,
  });
}

function tooLarge({
  model,
  charLimit = EXPORT_CHAR_LIMIT,
}: {
  model: string;
  charLimit?: number | undefined;
}) {
  const size = charLimit >= 1024 * 1024 ? `${charLimit / 1024 / 1024} MiB` : `${charLimit} characters`;
  return new ToolError({
    code: 'INVALID_INPUT',
    field: 'model',
    message: `This ${model} would be larger than ${size}, the most Comply exports at once; narrow it with framework_id where the model allows.`,
  });
}

async function oneFramework(args: ExportArgs) {
  if (!args.frameworkId) {
    throw new ToolError({
      code: 'INVALID_INPUT',
      field: 'framework_id',
      message: `A ${args.model} describes one framework: pass framework_id.`,
    });
  }
  const framework = await args.storage.frameworks.get({
    organizationId: args.organization.id,
    id: args.frameworkId,
  });
  if (!framework) throw noSuchFramework(args.frameworkId);
  const stored = await args.storage.frameworks.allControls({
    organizationId: args.organization.id,
    frameworkId: framework.id,
  });
  // The stored text is most of a catalog's or a plan's size: refuse before building the document.
  let size = 0;
  for (const control of stored) {
    size += (control.statement ?? control.description ?? '').length + (control.guidance ?? '').length;
    size += control.parameters.length === 0 ? 0 : JSON.stringify(control.parameters).length;
  }
  if (size > (args.charLimit ?? EXPORT_CHAR_LIMIT)) throw tooLarge(args);
  return { framework, controls: stored.map(toCatalogControl) };
}

async function build(args: ExportArgs & { model: ExportModel }): Promise<object> {
  const { storage, organization } = args;
  const organizationId = organization.id;
  const measures = () => listEvery((p) => storage.measures.list(p), organizationId);
  switch (args.model) {
    case 'catalog':
      return exportCatalog({ organization, ...(await oneFramework(args)) });
    case 'system-security-plan': {
      const one = await oneFramework(args);
      const states = await storage.reports.controlStates({ organizationId, frameworkId: one.framework.id });
      return exportSystemSecurityPlan({
        organization,
        ...one,
        measures: await measures(),
        applicability: new Map(states.flatMap((c) => (c.soa ? [[c.code, c.soa] as const] : []))),
      });
    }
    case 'assessment-results': {
      const frameworks = (await allFrameworks({ storage, organizationId })).filter(
        (f) => !args.frameworkId || f.id === args.frameworkId,
      );
      const controls = (
        await Promise.all(
          frameworks.map(async (f) =>
            (
              await storage.frameworks.allControls({ organizationId, frameworkId: f.id })
            ).map((c) => ({
              framework_id: f.id,
              code: c.code,
              oscal_id: oscalIdOf(c),
            })),
          ),
        )
      ).flat();
      const audits = (await listEvery((p) => storage.audits.list(p), organizationId)).filter(
        (a) => !args.frameworkId || a.framework_id === args.frameworkId,
      );
      const auditIds = new Set(audits.map((a) => a.id));
      const allMeasures = await measures();
      // Narrowed to a framework: its audits' nonconformities, and those outside audits on its
      // measures (they make its controls not ready, so the document shows them).
      const ownMeasures = new Set(
        allMeasures
          .filter((m) => m.controls.some((c) => c.framework_id === args.frameworkId))
          .map((m) => m.id),
      );
      const nonconformities = (
        await listEvery((p) => storage.nonconformities.list(p), organizationId)
      ).filter(
        (n) =>
          !args.frameworkId ||
          (n.audit_id !== null && auditIds.has(n.audit_id)) ||
          (n.audit_id === null && n.measure_id !== null && ownMeasures.has(n.measure_id)),
      );
      // Each control's readiness from storage's one definition, as getAuditReadiness counts it.
      const readiness = await Promise.all(
        frameworks.map(async (f) => ({
          framework_id: f.id,
          controls: (await storage.reports.controlStates({ organizationId, frameworkId: f.id })).map((c) => ({
            code: c.code,
            state: c.state,
            gap_reasons: c.gap_reasons,
            exclusions: c.exclusions,
          })),
        })),
      );
      // Every run of the measures' control tests (narrowed: of the framework's measures).
      const titles = new Map(
        (await listEvery((p) => storage.control_tests.list(p), organizationId)).map((t) => [t.id, t.title]),
      );
      const runs = await listEvery(
        (p) => storage.control_tests.listRuns({ ...p, filters: {} }),
        organizationId,
      );
      const testRuns = runs
        .filter((r) => !args.frameworkId || ownMeasures.has(r.measure_id))
        .map((r) => ({ ...r, control_test_title: titles.get(r.control_test_id) ?? r.control_test_id }));
      return exportAssessmentResults({
        organization,
        frameworks,
        controls,
        measures: allMeasures,
        audits,
        nonconformities,
        readiness,
        testRuns,
      });
    }
    case 'plan-of-action-and-milestones':
      return exportPoam({
        organization,
        measures: await measures(),
        nonconformities: await listEvery((p) => storage.nonconformities.list(p), organizationId),
        risks: await listEvery((p) => storage.risks.list(p), organizationId),
      });
    case 'mapping-collection': {
      const frameworks = await allFrameworks({ storage, organizationId });
      const rows = await storage.frameworks.mappings.list({ organizationId, frameworkId: args.frameworkId });
      const ids = new Map<string, Map<string, string>>();
      for (const f of frameworks) {
        const controls = await storage.frameworks.allControls({ organizationId, frameworkId: f.id });
        ids.set(f.id, new Map(controls.map((c) => [c.code, oscalIdOf(c)])));
      }
      const used = new Set(rows.flatMap((r) => [r.source_framework_id, r.target_framework_id]));
      return exportMappingCollection({
        organization,
        frameworks: frameworks.filter((f) => used.has(f.id)),
        mappings: rows.map((row) => ({
          id: row.id,
          source_framework_id: row.source_framework_id,
          target_framework_id: row.target_framework_id,
          relationship: row.relationship,
          source_ids: [
            ids.get(row.source_framework_id)?.get(row.source_control_code) ?? row.source_control_code,
          ],
          target_ids: [
            ids.get(row.target_framework_id)?.get(row.target_control_code) ?? row.target_control_code,
          ],
          remarks: `Imported from ${row.collection_title}`,
          updated_at: row.imported_at,
        })),
      });
    }
  }
}

/**
 * One OSCAL document of an organization's records, built from storage by `@comply/oscal`'s
 * exporters. Shared by the HTTP endpoint, the MCP resource and the console.
 */
export async function exportOscal(args: ExportArgs): Promise<object> {
  const { model } = args;
  if (!isExportModel(model)) {
    throw new ToolError({
      code: 'INVALID_INPUT',
      field: 'model',
      message: `Unknown model \`${model}\`; Comply exports ${EXPORT_MODELS.join(', ')}.`,
    });
  }
  if (args.frameworkId !== undefined) {
    // Every model that narrows to a framework refuses one the organization does not have, rather
    // than exporting an empty document.
    const framework = await args.storage.frameworks.get({
      organizationId: args.organization.id,
      id: args.frameworkId,
    });
    if (!framework) throw noSuchFramework(args.frameworkId);
  }
  try {
    return await build({ ...args, model });
  } catch (error) {
    if (!(error instanceof OscalExportError)) throw error;
    throw new ToolError({
      code: 'INVALID_INPUT',
      field: 'model',
      message: `This ${model} cannot be produced: ${error.message}.`,
    });
  }
}

/** The export as JSON text, refused (400, field `model`) when it is larger than EXPORT_CHAR_LIMIT. */
export async function exportOscalText(args: ExportArgs): Promise<string> {
  const text = JSON.stringify(await exportOscal(args));
  if (text.length > (args.charLimit ?? EXPORT_CHAR_LIMIT)) throw tooLarge(args);
  return text;
}
