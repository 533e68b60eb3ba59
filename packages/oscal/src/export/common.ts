import { COMPLY_NS } from '../import/props.js';
import { stableUuid } from '../uuid.js';
import type { FrameworkInput, OrganizationInput } from './inputs.js';

/** The OSCAL version every export declares. */
export const OSCAL_VERSION = '1.2.1';

const EPOCH = '1970-01-01T00:00:00.000Z';

/** A Comply-namespaced property (OSCAL prop values are non-empty strings). */
export function complyProp({ name, value }: { name: string; value: string | number }) {
  return { name, ns: COMPLY_NS, value: oneLine(String(value)) };
}

/** Properties for the fields that are set, skipping null ones. */
export function complyProps(fields: Record<string, string | number | null>) {
  return Object.entries(fields)
    .filter(
      (entry): entry is [string, string | number] => entry[1] !== null && String(entry[1]).trim() !== '',
    )
    .map(([name, value]) => complyProp({ name, value: oneLine(String(value)) }));
}

/** A calendar date (YYYY-MM-DD) as an OSCAL date-time at midnight UTC. */
export function dateTime(date: string): string {
  return date.length === 10 ? `${date}T00:00:00Z` : date;
}

/** The newest of the timestamps and dates given (OSCAL `last-modified` comes from the newest record). */
export function newest({
  times,
  organization,
}: {
  times: (string | null)[];
  organization: OrganizationInput;
}): string {
  let best: { at: number; text: string } | null = null;
  for (const time of times) {
    if (time === null) continue;
    const at = Date.parse(dateTime(time));
    if (!Number.isNaN(at) && (best === null || at > best.at)) best = { at, text: dateTime(time) };
  }
  return best?.text ?? organization.updated_at ?? EPOCH;
}

/** Document metadata: title, dates and version from the records, never from the clock. */
export function metadata(args: {
  title: string;
  lastModified: string;
  version?: string | null;
  extra?: object;
}) {
  return {
    title: oneLine(args.title),
    'last-modified': args.lastModified,
    version: args.version ?? args.lastModified,
    'oscal-version': OSCAL_VERSION,
    ...args.extra,
  };
}

/** Markup-line fields cannot hold line breaks. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** A back-matter resource standing for a Comply framework (the catalog `exportCatalog` produces). */
export function frameworkResource(framework: FrameworkInput) {
  return {
    uuid: stableUuid({ kind: 'framework-resource', id: framework.id }),
    title: oneLine(framework.name),
    ...(framework.description ? { description: framework.description } : {}),
    props: [complyProp({ name: 'framework-id', value: framework.id })],
  };
}

/** The OSCAL token for a code or name: invalid characters become `-`, a leading digit gets `_`. */
export function toToken(text: string): string {
  const token = text.trim().replace(/[^\p{L}\p{N}._-]+/gu, '-');
  return /^[\p{L}_]/u.test(token) ? token : `_${token}`;
}

/** One party per distinct owner name (owners are free text: a person or a role). */
export function ownerParties({
  owners,
  organization,
}: {
  owners: (string | null)[];
  organization: OrganizationInput;
}) {
  const names = [
    ...new Set(owners.filter((owner): owner is string => owner !== null && owner.trim() !== '')),
  ];
  return names.sort().map((name) => ({
    uuid: stableUuid({ kind: 'owner', id: `${organization.id}:${name}` }),
    type: 'person' as const,
    name: oneLine(name),
  }));
}

/** The uuid of an owner's party (same as in `ownerParties`). */
export function ownerUuid({
  owner,
  organization,
}: {
  owner: string;
  organization: OrganizationInput;
}): string {
  return stableUuid({ kind: 'owner', id: `${organization.id}:${owner}` });
}
