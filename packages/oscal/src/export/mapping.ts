import { appendTo } from '../collections.js';
import { OscalExportError } from '../errors.js';
import { stableUuid } from '../uuid.js';
import { frameworkResource, metadata, newest } from './common.js';
import type { MappingExportInput, MappingInput } from './inputs.js';

function items(ids: string[]) {
  return ids.map((id) => ({ type: 'control', 'id-ref': id }));
}

/** The organization's crosswalks: one OSCAL mapping per pair of frameworks, one map per Comply mapping. */
export function exportMappingCollection(input: MappingExportInput): object {
  const { organization } = input;
  if (input.mappings.length === 0) {
    throw new OscalExportError(
      'nothing to export: the organization has no mappings (OSCAL requires at least one)',
    );
  }
  const frameworks = new Map(input.frameworks.map((f) => [f.id, f]));
  const pairs = new Map<string, MappingInput[]>();
  for (const mapping of input.mappings) {
    for (const id of [mapping.source_framework_id, mapping.target_framework_id]) {
      if (!frameworks.has(id))
        throw new OscalExportError(`mapping ${mapping.id} refers to framework ${id}, which is not given`);
    }
    const pair = `${mapping.source_framework_id}\u0000${mapping.target_framework_id}`;
    appendTo({ map: pairs, key: pair, value: mapping });
  }
  const used = [...new Set(input.mappings.flatMap((m) => [m.source_framework_id, m.target_framework_id]))];
  const resources = used.map((id) => frameworkResource(frameworks.get(id)!));
  const href = (id: string) => `#${frameworkResource(frameworks.get(id)!).uuid}`;
  const mappings = [...pairs.entries()].map(([pair, maps]) => ({
    uuid: stableUuid({ kind: 'framework-mapping', id: `${organization.id}:${pair}` }),
    'source-resource': { type: 'catalog', href: href(maps[0]!.source_framework_id) },
    'target-resource': { type: 'catalog', href: href(maps[0]!.target_framework_id) },
    maps: maps.map((mapping) => ({
      uuid: stableUuid({ kind: 'mapping', id: mapping.id }),
      relationship: mapping.relationship,
      sources: items(mapping.source_ids),
      targets: items(mapping.target_ids),
      ...(mapping.remarks ? { remarks: mapping.remarks } : {}),
    })),
  }));
  const lastModified = newest({ times: input.mappings.map((m) => m.updated_at), organization });
  return {
    'mapping-collection': {
      uuid: stableUuid({ kind: 'mapping-collection', id: organization.id }),
      metadata: metadata({ title: `${organization.name}: control mappings`, lastModified }),
      provenance: {
        method: 'human',
        'matching-rationale': 'semantic',
        status: 'complete',
        'mapping-description': `Crosswalks between the frameworks of ${organization.name}, as recorded in Comply.`,
      },
      mappings,
      'back-matter': { resources },
    },
  };
}
