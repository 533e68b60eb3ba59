import { COMPLY_NS } from '../import/props.js';
import type { CatalogControl, ControlParameter } from '../types.js';
import { stableUuid } from '../uuid.js';
import { complyProp, metadata, oneLine, toToken } from './common.js';
import type { CatalogExportInput } from './inputs.js';

type Json = Record<string, unknown>;

function param(parameter: ControlParameter): Json {
  return {
    id: parameter.id,
    ...(parameter.label ? { label: parameter.label } : {}),
    ...(parameter.values.length > 0 ? { values: parameter.values } : {}),
    ...(parameter.select
      ? {
          select: {
            ...(parameter.select.how_many ? { 'how-many': parameter.select.how_many } : {}),
            ...(parameter.select.choices.length > 0 ? { choice: parameter.select.choices } : {}),
          },
        }
      : {}),
    ...(parameter.guidelines ? { guidelines: [{ prose: parameter.guidelines }] } : {}),
    ...(parameter.constraints && parameter.constraints.length > 0
      ? {
          constraints: parameter.constraints.map((constraint) => ({
            ...(constraint.description ? { description: constraint.description } : {}),
            ...(constraint.tests.length > 0
              ? { tests: constraint.tests.map((expression) => ({ expression })) }
              : {}),
          })),
        }
      : {}),
  };
}

function control({ item, orphan }: { item: CatalogControl; orphan: boolean }): Json {
  const id = toToken(item.oscal_id);
  const props = [
    { name: 'label', value: item.code },
    ...item.baselines.map((baseline) => ({ name: 'baseline', ns: COMPLY_NS, value: baseline })),
    // A parent outside the export (a baseline keeping an enhancement without its control).
    ...(orphan && item.parent_code ? [complyProp({ name: 'parent-code', value: item.parent_code })] : []),
  ];
  const parts = [
    ...(item.statement ? [{ id: `${id}_smt`, name: 'statement', prose: item.statement }] : []),
    ...(item.guidance ? [{ id: `${id}_gdn`, name: 'guidance', prose: item.guidance }] : []),
  ];
  return {
    id,
    title: oneLine(item.title),
    ...(item.parameters.length > 0 ? { params: item.parameters.map(param) } : {}),
    props,
    ...(parts.length > 0 ? { parts } : {}),
  };
}

/** Nests controls under their parent (by code) in document order; returns the top-level ones. */
function nest(controls: CatalogControl[]): { item: CatalogControl; node: Json }[] {
  const byCode = new Map<string, Json>();
  const top: { item: CatalogControl; node: Json }[] = [];
  for (const item of controls) {
    const parent = item.parent_code === null ? undefined : byCode.get(item.parent_code);
    const node = control({ item, orphan: item.parent_code !== null && parent === undefined });
    byCode.set(item.code, node);
    if (parent) {
      parent.controls ??= [];
      (parent.controls as Json[]).push(node);
    } else top.push({ item, node });
  }
  return top;
}

/** A framework as an OSCAL catalog: families become groups, enhancements nest under their control. */
export function exportCatalog(input: CatalogExportInput): object {
  const { framework, organization } = input;
  const controls = [...input.controls].sort((a, b) => a.position - b.position);
  const families = new Map<string, { id: string; title: string; controls: Json[] }>();
  for (const family of input.families ?? []) families.set(family.id, { ...family, controls: [] });
  const ungrouped: Json[] = [];
  for (const { item, node } of nest(controls)) {
    if (item.family_id === null && item.family === null) {
      ungrouped.push(node);
      continue;
    }
    const id = item.family_id ?? toToken(item.family!.toLowerCase());
    const family = families.get(id) ?? { id, title: item.family ?? id, controls: [] };
    families.set(id, family);
    family.controls.push(node);
  }
  const groups = [...families.values()].map((family) => ({
    id: toToken(family.id),
    title: oneLine(family.title),
    ...(family.controls.length > 0 ? { controls: family.controls } : {}),
  }));
  return {
    catalog: {
      uuid: stableUuid({ kind: 'framework', id: framework.id }),
      metadata: metadata({
        title: framework.name,
        lastModified: framework.updated_at,
        version: framework.version,
        extra: {
          props: [complyProp({ name: 'framework-id', value: framework.id })],
          ...(framework.description ? { remarks: framework.description } : {}),
          parties: [
            {
              uuid: stableUuid({ kind: 'organization', id: organization.id }),
              type: 'organization',
              name: oneLine(organization.name),
            },
          ],
        },
      }),
      ...(ungrouped.length > 0 ? { controls: ungrouped } : {}),
      ...(groups.length > 0 ? { groups } : {}),
    },
  };
}
