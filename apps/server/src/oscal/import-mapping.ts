import type { ImportedMappingCollection } from '@comply/oscal';
import type { Actor, ControlRelationship, Storage } from '@comply/storage';
import { ToolError } from '../core/errors.js';
import type { ImportOptions } from './import.js';
import { allFrameworks, explicitFramework, matchFramework, type ResourceRef } from './resolve.js';
import { oscalIdOf } from './stored-catalog.js';

interface MappingArgs {
  storage: Storage;
  organizationId: string;
  actor: Actor;
  options: ImportOptions;
  collection: ImportedMappingCollection;
}

async function sideFramework(
  args: MappingArgs & { side: 'source' | 'target'; refs: ResourceRef[] },
): Promise<string> {
  const field = `${args.side}_framework_id` as const;
  const explicit = args.options[field];
  if (explicit) {
    return explicitFramework({ ...args, frameworkId: explicit, field });
  }
  const frameworks = await allFrameworks(args);
  const ids = new Set(args.refs.map((ref) => matchFramework({ ref, frameworks })?.id ?? null));
  const [only] = ids;
  if (ids.size !== 1 || !only) {
    throw new ToolError({
      code: 'INVALID_INPUT',
      field,
      message: `The mapping's ${args.side} resource does not name exactly one framework of the organization (matched by OSCAL uuid, library key or title); pass ${field}.`,
    });
  }
  return only;
}

/** Each distinct resource once: a collection may repeat the same pair in thousands of mappings. */
function distinct(refs: ResourceRef[]): ResourceRef[] {
  return [...new Map(refs.map((ref) => [JSON.stringify([ref.href, ref.title]), ref])).values()];
}

/** Code by OSCAL id (a typed-in control's id is its code). */
async function codesById(args: { storage: Storage; organizationId: string; frameworkId: string }) {
  const controls = await args.storage.frameworks.allControls(args);
  return new Map(controls.map((control) => [oscalIdOf(control), control.code]));
}

/** A mapping-collection between two frameworks of the organization as crosswalk rows. */
export async function importMappings(args: MappingArgs) {
  const { mappings } = args.collection;
  const sourceId = await sideFramework({
    ...args,
    side: 'source',
    refs: distinct(mappings.map((m) => m.source_resource)),
  });
  const targetId = await sideFramework({
    ...args,
    side: 'target',
    refs: distinct(mappings.map((m) => m.target_resource)),
  });
  const scope = { storage: args.storage, organizationId: args.organizationId };
  const sourceCodes = await codesById({ ...scope, frameworkId: sourceId });
  const targetCodes = await codesById({ ...scope, frameworkId: targetId });
  const rows = new Map<
    string,
    { source_control_code: string; target_control_code: string; relationship: ControlRelationship }
  >();
  for (const mapping of mappings) {
    for (const sourceOscalId of mapping.source_ids) {
      for (const targetOscalId of mapping.target_ids) {
        const source = sourceCodes.get(sourceOscalId) ?? sourceOscalId;
        const target = targetCodes.get(targetOscalId) ?? targetOscalId;
        rows.set(`${source}\u0000${target}`, {
          source_control_code: source,
          target_control_code: target,
          relationship: mapping.relationship,
        });
      }
    }
  }
  const result = await args.storage.frameworks.mappings.import({
    organizationId: args.organizationId,
    actor: args.actor,
    sourceFrameworkId: sourceId,
    targetFrameworkId: targetId,
    collection: { title: args.collection.title, uuid: args.collection.oscal_uuid },
    rows: [...rows.values()],
  });
  return {
    mapping_count: result.mapping_count,
    source_framework_id: sourceId,
    target_framework_id: targetId,
  };
}
