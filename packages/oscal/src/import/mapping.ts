import { OscalImportError } from '../errors.js';
import { IMPORT_LIMITS } from '../limits.js';
import { isObject } from '../model.js';
import type { ImportedMapping, ImportedMappingCollection, MappingRelationship } from '../types.js';
import { expectModel } from './expect.js';
import { byUuid, objects, text } from './props.js';

type Json = Record<string, unknown>;

const RELATIONSHIPS: readonly MappingRelationship[] = [
  'equivalent-to',
  'subset-of',
  'superset-of',
  'intersects-with',
];

/** OSCAL's relationship token → Comply's; null for `no-relationship` (nothing to record). */
function relationshipOf({ value, pointer }: { value: unknown; pointer: string }): MappingRelationship | null {
  if (value === 'no-relationship') return null;
  if (value === 'equal-to') return 'equivalent-to';
  const found = RELATIONSHIPS.find((relationship) => relationship === value);
  if (found) return found;
  throw new OscalImportError(
    `unknown relationship ${JSON.stringify(value)}; allowed: ${RELATIONSHIPS.join(', ')}, equal-to, no-relationship`,
    pointer,
  );
}

/** A mapped item's control id: statement ids (`ac-2_smt.a`) name their control's statement. */
function controlIds({ value, pointer }: { value: unknown; pointer: string }): string[] {
  const items = objects(value);
  if (items.length > IMPORT_LIMITS.idsPerMap) {
    throw new OscalImportError(`a map may name at most ${IMPORT_LIMITS.idsPerMap} ids here`, pointer);
  }
  const ids = items.map((item) =>
    item.type === 'statement' ? String(item['id-ref']).replace(/_smt(\..*)?$/, '') : String(item['id-ref']),
  );
  return [...new Set(ids)];
}

function resourceOf({ reference, resources }: { reference: unknown; resources: Map<unknown, Json> }) {
  const href = isObject(reference) ? String(reference.href) : '';
  const resource = href.startsWith('#') ? resources.get(href.slice(1)) : undefined;
  return { href, title: resource ? text(resource.title) : null };
}

/** Mapping-collection document → one entry per `map`, with its mapping's source and target resources. */
export function parseMappingCollection(doc: unknown): ImportedMappingCollection {
  const body = expectModel({ doc, model: 'mapping-collection' });
  const metadata = isObject(body.metadata) ? body.metadata : {};
  if (typeof metadata.title !== 'string') {
    throw new OscalImportError(
      'the mapping-collection needs `metadata.title`',
      '/mapping-collection/metadata/title',
    );
  }
  const resources = byUuid(
    objects(isObject(body['back-matter']) ? body['back-matter'].resources : undefined),
  );
  // The schema allows one mapping object or an array of them.
  const mappingList = isObject(body.mappings) ? [body.mappings] : objects(body.mappings);
  const mappings: ImportedMapping[] = [];
  let rows = 0;
  mappingList.forEach((mapping, m) => {
    const source_resource = resourceOf({ reference: mapping['source-resource'], resources });
    const target_resource = resourceOf({ reference: mapping['target-resource'], resources });
    objects(mapping.maps).forEach((map, i) => {
      const pointer = `/mapping-collection/mappings/${m}/maps/${i}`;
      const relationship = relationshipOf({ value: map.relationship, pointer: `${pointer}/relationship` });
      if (relationship === null) return;
      const source_ids = controlIds({ value: map.sources, pointer: `${pointer}/sources` });
      const target_ids = controlIds({ value: map.targets, pointer: `${pointer}/targets` });
      if (source_ids.length === 0 || target_ids.length === 0) {
        throw new OscalImportError('a map needs at least one source and one target', pointer);
      }
      // Every source × target pair becomes a row: counted before any is built.
      rows += source_ids.length * target_ids.length;
      if (rows > IMPORT_LIMITS.mappingRows) {
        throw new OscalImportError(
          `the mapping-collection describes more than ${IMPORT_LIMITS.mappingRows} crosswalk rows (each map's sources × targets, summed)`,
          pointer,
        );
      }
      mappings.push({
        source_resource,
        target_resource,
        relationship,
        source_ids,
        target_ids,
        remarks: text(map.remarks),
      });
    });
  });
  if (mappings.length === 0) {
    throw new OscalImportError('the mapping-collection relates no controls', '/mapping-collection/mappings');
  }
  return {
    title: metadata.title,
    oscal_uuid: String(body.uuid),
    version: text(metadata.version),
    mappings,
  };
}
