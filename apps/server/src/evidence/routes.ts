import { Readable } from 'node:stream';
import { type EvidenceFile, type EvidenceRecord, tools } from '@comply/schemas';
import type { Storage } from '@comply/storage';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../core/caller.js';
import { ToolError } from '../core/errors.js';
import type { ToolCore } from '../core/tool-core.js';

/** The prefix of the evidence file routes: Bearer authentication and rate limits apply under it. */
export const EVIDENCE_PREFIX = '/api/evidence/';

/** Room for the multipart framing and the form fields besides the file. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

/** Fields that name several values (repeat the field, or send a JSON array). */
function arrayFields(tool: 'addEvidence' | 'updateEvidence'): Set<string> {
  const properties =
    (tools[tool].inputJsonSchema as { properties?: Record<string, { type?: string }> }).properties ?? {};
  return new Set(Object.entries(properties).flatMap(([k, v]) => (v.type === 'array' ? [k] : [])));
}

function addField(input: Record<string, unknown>, arrays: Set<string>, name: string, value: string): void {
  if (name === 'input') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new ToolError({
        code: 'INVALID_INPUT',
        field: 'input',
        message: 'The form field `input` must be a JSON object of the tool input.',
      });
    }
    Object.assign(input, parsed);
    return;
  }
  if (!arrays.has(name)) {
    input[name] = value;
    return;
  }
  const list = Array.isArray(input[name]) ? (input[name] as unknown[]) : [];
  if (value.trimStart().startsWith('[')) {
    try {
      list.push(...(JSON.parse(value) as unknown[]));
    } catch {
      list.push(value);
    }
  } else list.push(value);
  input[name] = list;
}

/**
 * Reads a multipart form (fields first, then one part named `file`) and calls `tool` through the
 * tool core with the file as a stream: the handler hashes and stores it chunk by chunk in the
 * write's transaction, so a file over the limit (413), an interrupted upload or a refused input
 * leaves no record and no blob.
 */
export async function uploadThroughTool(args: {
  request: FastifyRequest;
  core: ToolCore;
  caller: Caller;
  tool: 'addEvidence' | 'updateEvidence';
  fixed: Record<string, unknown>;
  maxBytes: number;
}): Promise<unknown> {
  const { request, maxBytes } = args;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD_BYTES) {
    throw new ToolError({
      code: 'PAYLOAD_TOO_LARGE',
      field: 'file',
      message: `The upload is ${declared} bytes; evidence files may be at most ${maxBytes} bytes (COMPLY_EVIDENCE_MAX_BYTES).`,
    });
  }
  if (!request.isMultipart()) {
    throw new ToolError({
      code: 'INVALID_INPUT',
      message: 'Send the evidence as multipart/form-data: its fields, then the file in a part named `file`.',
    });
  }
  const arrays = arrayFields(args.tool);
  const input: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') addField(input, arrays, part.fieldname, part.value);
      continue;
    }
    if (part.fieldname !== 'file') {
      throw new ToolError({
        code: 'INVALID_INPUT',
        field: part.fieldname,
        message: `Unexpected file part \`${part.fieldname}\`; send the file in a part named \`file\`, after the fields.`,
      });
    }
    const { output } = await args.core.invoke({
      caller: args.caller,
      name: args.tool,
      input: { ...input, ...args.fixed },
      upload: { filename: part.filename, mediaType: part.mimetype, stream: part.file, maxBytes },
    });
    return output;
  }
  // No file part: the tool decides (URL and TEXT evidence need none; FILE evidence is refused).
  const { output } = await args.core.invoke({
    caller: args.caller,
    name: args.tool,
    input: { ...input, ...args.fixed },
  });
  return output;
}

/** `filename="…"` for old clients (ASCII) and `filename*=` (RFC 8187) for the real name. */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Sends a revision of an evidence record's file (the latest unless `revision` is given). */
export async function sendEvidenceFile(args: {
  reply: FastifyReply;
  storage: Storage;
  record: EvidenceRecord;
  revision: string | undefined;
}): Promise<FastifyReply> {
  const { record } = args;
  let file = record.file;
  if (args.revision !== undefined) {
    const wanted = Number(args.revision);
    if (!Number.isInteger(wanted) || wanted < 1) {
      throw new ToolError({
        code: 'INVALID_INPUT',
        field: 'revision',
        message: '`revision` must be a whole number from 1 (see the record’s `revisions`).',
      });
    }
    file = record.revisions.find((r) => r.revision === wanted) ?? null;
  }
  if (!file) {
    throw new ToolError({
      code: 'NOT_FOUND',
      field: args.revision === undefined ? 'id' : 'revision',
      message:
        args.revision === undefined
          ? `Evidence \`${record.id}\` has no file (it is ${record.kind} evidence).`
          : `Evidence \`${record.id}\` has no revision ${args.revision}.`,
    });
  }
  return sendStoredFile({
    reply: args.reply,
    storage: args.storage,
    organizationId: record.organization_id,
    file,
    missing: `The content of evidence \`${record.id}\` revision ${file.revision} is missing from storage; run verifyEvidence.`,
  });
}

/**
 * Sends a vault file (an evidence revision, or a document version made of one): the stored media
 * type, always as an attachment, `nosniff`, and a CSP that forbids everything (and sandboxes it),
 * so uploaded HTML or SVG never runs on this origin. Streamed chunk by chunk.
 */
export async function sendStoredFile(args: {
  reply: FastifyReply;
  storage: Storage;
  organizationId: string;
  file: EvidenceFile;
  missing: string;
}): Promise<FastifyReply> {
  const { file } = args;
  const content = await args.storage.evidenceVault.blobs(args.organizationId).get(file.sha256);
  if (!content) throw new ToolError({ code: 'NOT_FOUND', message: args.missing });
  return args.reply
    .code(200)
    .header('content-type', file.media_type)
    .header('content-length', String(file.size))
    .header('content-disposition', attachmentDisposition(file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-store')
    .header('x-evidence-sha256', file.sha256)
    .send(Readable.from(content, { objectMode: false }));
}

/** Loads an evidence record through getEvidence (organization access and read scope of the caller). */
export async function evidenceFor(args: {
  core: ToolCore;
  caller: Caller;
  id: string;
  organizationId?: string;
}) {
  const input = args.organizationId ? { id: args.id, organization_id: args.organizationId } : { id: args.id };
  const { output } = await args.core.invoke({ caller: args.caller, name: 'getEvidence', input });
  return output as EvidenceRecord;
}

/** Multipart parsing, scoped to the routes that take files. */
export async function registerMultipart(scope: FastifyInstance, maxBytes: number): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: maxBytes + 1, files: 1, fields: 50, fieldSize: 200_000, parts: 51 },
  });
}

/**
 * The REST doors of the evidence vault, for scripts holding a token (Bearer):
 * - `POST /api/evidence/upload` (multipart/form-data): addEvidence with a file;
 * - `POST /api/evidence/{id}/revisions` (multipart/form-data): updateEvidence with a new file;
 * - `GET /api/evidence/{id}/file[?revision=N]`: download.
 */
export async function registerEvidenceRoutes(args: {
  app: FastifyInstance;
  core: ToolCore;
  storage: Storage;
  maxBytes: number;
}): Promise<void> {
  const { core, storage, maxBytes } = args;
  await args.app.register(async (scope) => {
    await registerMultipart(scope, maxBytes);
    scope.post(`${EVIDENCE_PREFIX}upload`, async (request) =>
      uploadThroughTool({ request, core, caller: request.caller!, tool: 'addEvidence', fixed: {}, maxBytes }),
    );
    scope.post<{ Params: { id: string } }>(`${EVIDENCE_PREFIX}:id/revisions`, async (request) =>
      uploadThroughTool({
        request,
        core,
        caller: request.caller!,
        tool: 'updateEvidence',
        fixed: { id: request.params.id },
        maxBytes,
      }),
    );
    scope.get<{ Params: { id: string }; Querystring: { revision?: string } }>(
      `${EVIDENCE_PREFIX}:id/file`,
      async (request, reply) => {
        const record = await evidenceFor({ core, caller: request.caller!, id: request.params.id });
        return sendEvidenceFile({ reply, storage, record, revision: request.query.revision });
      },
    );
  });
}
