import type { FrameworkSummary, Storage } from '@comply/storage';
import { ToolError } from '../core/errors.js';

/** How a document names another document: its href and, through back-matter, a title and links. */
export interface ResourceRef {
  href: string;
  title: string | null;
  rlinks?: string[];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Every framework of the organization (at most a few hundred; paged by 100). */
export async function allFrameworks(args: {
  storage: Storage;
  organizationId: string;
}): Promise<FrameworkSummary[]> {
  const frameworks: FrameworkSummary[] = [];
  let cursor: string | undefined;
  do {
    const page = await args.storage.frameworks.list({
      organizationId: args.organizationId,
      pageSize: 100,
      cursor,
    });
    frameworks.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return frameworks;
}

/**
 * The organization's framework a reference names: by OSCAL uuid (in the href or its links), then
 * by library key in the href or links, then by title (case-insensitive). Null when none matches.
 */
export function matchFramework(args: {
  ref: ResourceRef;
  frameworks: readonly FrameworkSummary[];
}): FrameworkSummary | null {
  const texts = [args.ref.href, ...(args.ref.rlinks ?? [])];
  const uuids = new Set(texts.flatMap((text) => text.match(UUID) ?? []).map((uuid) => uuid.toLowerCase()));
  const byUuid = args.frameworks.find((f) => f.oscal_uuid !== null && uuids.has(f.oscal_uuid.toLowerCase()));
  if (byUuid) return byUuid;
  const byKey = args.frameworks.find(
    (f) => f.library_key !== null && texts.some((t) => t.includes(f.library_key!)),
  );
  if (byKey) return byKey;
  const title = args.ref.title?.toLowerCase();
  return title ? (args.frameworks.find((f) => f.name.toLowerCase() === title) ?? null) : null;
}

/** The library entry a reference names: NIST SP 800-53 when its href, links or title say so. */
export function matchLibraryKey(ref: ResourceRef): string | null {
  const text = [ref.href, ref.title ?? '', ...(ref.rlinks ?? [])].join(' ');
  return /800-53/.test(text) ? 'nist-sp-800-53-r5' : null;
}

/** A framework id given as a query parameter, checked to be the organization's. */
export async function explicitFramework(args: {
  storage: Storage;
  organizationId: string;
  frameworkId: string;
  field: string;
}): Promise<string> {
  const found = await args.storage.frameworks.get({
    organizationId: args.organizationId,
    id: args.frameworkId,
  });
  if (!found) {
    throw new ToolError({
      code: 'NOT_FOUND',
      field: args.field,
      message: `No framework with id \`${args.frameworkId}\` in this organization.`,
    });
  }
  return found.id;
}
