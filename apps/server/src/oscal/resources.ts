import type { Storage } from '@comply/storage';
import type { Caller } from '../core/caller.js';
import { ToolError } from '../core/errors.js';
import { oscalOrganization } from './access.js';
import { EXPORT_MODELS, exportOscalText } from './export.js';
import { libraryEntries } from './library.js';

/** The library as a resource. */
export const LIBRARY_URI = 'comply://library';

/** An organization's OSCAL documents as a resource template (`?framework_id=` for one framework). */
export const OSCAL_URI_TEMPLATE = 'comply://organizations/{organization_id}/oscal/{model}';

const OSCAL_URI = /^comply:\/\/organizations\/([^/?#]+)\/oscal\/([^/?#]+)(?:\?framework_id=([^&#]+))?$/;

/** The fixed resources, as resources/list describes them. */
export const OSCAL_RESOURCES = [
  {
    uri: LIBRARY_URI,
    name: 'library',
    title: 'Framework library',
    description:
      'The built-in frameworks addFramework adopts with library_key: publisher, version, licence, baselines.',
    mimeType: 'application/json',
  },
];

/** The resource templates, as resources/templates/list describes them. */
export const OSCAL_RESOURCE_TEMPLATES = [
  {
    uriTemplate: OSCAL_URI_TEMPLATE,
    name: 'oscal-export',
    title: 'OSCAL export',
    description: `An organization's records as one OSCAL document; model is one of ${EXPORT_MODELS.join(', ')}. Append ?framework_id=fw_… for catalog and system-security-plan (required) or to narrow the others.`,
    mimeType: 'application/json',
  },
];

/** A percent-encoded part of a resource URI, decoded; a malformed escape is the caller's error. */
function decodePart({ text, field }: { text: string; field: string }): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new ToolError({
      code: 'INVALID_INPUT',
      field: 'uri',
      message: `The resource URI's ${field} has a malformed percent-escape (\`${text.slice(0, 100)}\`); encode \`%\` as \`%25\`.`,
    });
  }
}

/**
 * Reads a Comply resource for a caller, whatever the transport: the library, or an OSCAL export
 * of an organization the caller can read. Unknown URIs and refused reads are ToolErrors.
 */
export async function readOscalResource(args: {
  storage: Storage;
  caller: Caller;
  uri: string;
}): Promise<{ uri: string; mimeType: 'application/json'; text: string }> {
  const { uri } = args;
  if (uri === LIBRARY_URI) {
    return { uri, mimeType: 'application/json', text: JSON.stringify({ entries: libraryEntries() }) };
  }
  const match = OSCAL_URI.exec(uri);
  if (!match) {
    throw new ToolError({
      code: 'NOT_FOUND',
      field: 'uri',
      message: `Unknown resource \`${uri}\`; Comply serves ${LIBRARY_URI} and ${OSCAL_URI_TEMPLATE}.`,
    });
  }
  const [, rawOrg, model, rawFramework] = match;
  const organizationId = oscalOrganization({
    caller: args.caller,
    organizationId: decodePart({ text: rawOrg!, field: 'organization_id' }),
    write: false,
  });
  const organization = await args.storage.organizations.getForUser({
    organizationId,
    userId: args.caller.userId,
  });
  if (!organization) {
    throw new ToolError({ code: 'NOT_FOUND', field: 'organization_id', message: 'No such organization.' });
  }
  const text = await exportOscalText({
    storage: args.storage,
    organization,
    model: model!,
    frameworkId:
      rawFramework === undefined ? undefined : decodePart({ text: rawFramework, field: 'framework_id' }),
  });
  return { uri, mimeType: 'application/json', text };
}
