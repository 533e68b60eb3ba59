import type { EvidenceFile } from '@comply/schemas';
import { type SqlBool, sql, type Transaction } from 'kysely';
import { isoTimestampSql } from '../audit/audited-statement.js';
import { toDateString } from '../dates.js';
import type { Database } from '../db/types.js';
import { invalidInput } from '../errors.js';
import {
  BY_TIMESTAMPS,
  type CreateOf,
  defineRegister,
  holds,
  inList,
  type PatchOf,
  search,
} from './define.js';
import { validUntilSql, validUntilTextSql } from './measures/validity.js';
import { refuseFutureTimestamp } from './not-future.js';
import { checkRefs, replaceLinks } from './refs.js';

/** A file already put in the organization's blob store, to record as the next revision. */
export interface EvidenceFileInput {
  filename: string;
  media_type: string;
  size: number;
  sha256: string;
}

/**
 * The file a create or update records: carried beside the tool's data under this key, which no
 * tool input can name, so only code that has put the content in the blob store can attach it.
 */
export const EVIDENCE_FILE: unique symbol = Symbol('evidence file');

type WithFile = { [EVIDENCE_FILE]?: EvidenceFileInput };

/** The data of a create or update with its stored file. */
export function withEvidenceFile<T extends object>(data: T, file: EvidenceFileInput | undefined): T {
  return file ? Object.assign({ ...data }, { [EVIDENCE_FILE]: file }) : data;
}

const fileOf = (data: object) => (data as WithFile)[EVIDENCE_FILE];

const fileJson = (alias: string) =>
  sql`jsonb_build_object('revision', ${sql.ref(`${alias}.revision`)}, 'filename', ${sql.ref(`${alias}.filename`)},
    'media_type', ${sql.ref(`${alias}.media_type`)}, 'size', ${sql.ref(`${alias}.size`)},
    'sha256', ${sql.ref(`${alias}.sha256`)}, 'uploaded_at', ${isoTimestampSql(alias, 'uploaded_at')})`;

const currentFileJson = sql<EvidenceFile | null>`(select ${fileJson('f')} from evidence_files f
  where f.evidence_id = evidence.id order by f.revision desc limit 1)`;

const revisionsJson = sql<
  EvidenceFile[]
>`(select coalesce(jsonb_agg(${fileJson('f')} order by f.revision), '[]'::jsonb)
  from evidence_files f where f.evidence_id = evidence.id)`;

const measureIdsJson = sql<
  string[]
>`(select coalesce(jsonb_agg(l.measure_id order by l.measure_id), '[]'::jsonb)
  from evidence_measures l where l.evidence_id = evidence.id)`;

/** Kind-specific fields: a URL only on URL evidence, a text only on TEXT, a file only on FILE. */
function checkKind(args: {
  kind: string;
  url: unknown;
  text: unknown;
  file: EvidenceFileInput | undefined;
  creating: boolean;
}): void {
  const { kind, creating } = args;
  const given = (value: unknown) => value !== undefined && value !== null;
  if (kind !== 'URL' && given(args.url))
    throw invalidInput('url', `\`url\` is for URL evidence; this evidence is ${kind}.`);
  if (kind !== 'TEXT' && given(args.text))
    throw invalidInput('text', `\`text\` is for TEXT evidence; this evidence is ${kind}.`);
  if (kind !== 'FILE' && args.file)
    throw invalidInput('content_base64', `A file is for FILE evidence; this evidence is ${kind}.`);
  if (!creating) {
    if (kind === 'URL' && args.url === null)
      throw invalidInput('url', '`url` cannot be cleared on URL evidence; give the new URL.');
    return;
  }
  if (kind === 'URL' && !given(args.url))
    throw invalidInput('url', 'URL evidence needs `url` (http or https).');
  if (kind === 'FILE' && !args.file)
    throw invalidInput(
      'content_base64',
      'FILE evidence needs its file: `content_base64` with `filename`, or a multipart upload (POST /api/evidence).',
    );
}

/** valid_until not before the day the evidence was collected. */
function checkValidUntil(args: {
  validUntil: string | null | undefined;
  collectedAt: string;
  field: string;
}) {
  const collectedDay = toDateString(new Date(args.collectedAt));
  if (args.validUntil && args.validUntil < collectedDay) {
    throw invalidInput(
      args.field,
      `\`valid_until\` ${args.validUntil} is before the evidence was collected (${collectedDay}); it must be ${collectedDay} or later.`,
    );
  }
}

/** Records `file` as the evidence's next revision (1 for the first). */
async function addRevision(args: {
  trx: Transaction<Database>;
  organizationId: string;
  evidenceId: string;
  file: EvidenceFileInput;
  now: string;
}): Promise<void> {
  const { trx, organizationId, evidenceId, file } = args;
  await sql`insert into evidence_files (organization_id, evidence_id, revision, filename, media_type, size,
      sha256, uploaded_at)
    select ${organizationId}, ${evidenceId}, coalesce(max(revision), 0) + 1, ${file.filename}, ${file.media_type},
      ${file.size}, ${file.sha256}, ${args.now}
    from evidence_files where evidence_id = ${evidenceId}`.execute(trx);
}

const replaceMeasures = (args: {
  trx: Transaction<Database>;
  organizationId: string;
  evidenceId: string;
  measureIds: readonly string[];
  fresh?: boolean;
}) =>
  replaceLinks({
    trx: args.trx,
    organizationId: args.organizationId,
    table: 'evidence_measures',
    from: { column: 'evidence_id', id: args.evidenceId },
    to: { column: 'measure_id', ids: args.measureIds },
    fresh: args.fresh,
  });

/** The evidence register: files with revisions, URLs and texts, linked to measures. */
export const evidenceRepository = defineRegister({
  register: 'evidence',
  computed: {
    valid_until: () => validUntilTextSql('evidence'),
    expired: ({ today }) => sql<boolean>`(${validUntilSql('evidence')} < ${today}::date)`,
    measure_ids: () => measureIdsJson,
    file: () => currentFileJson,
    revisions: () => revisionsJson,
  },
  filters: {
    kind: inList('kind'),
    measure_id: (measureId) =>
      sql<SqlBool>`exists (select 1 from evidence_measures l where l.evidence_id = evidence.id and l.measure_id = ${measureId})`,
    expired: holds('expired'),
    query: search('title', 'description'),
  },
  order: {
    keys: { collected_at: 'column', title: 'lower', ...BY_TIMESTAMPS },
  },
  // Every write goes through the transaction path: kinds, files and links are checked against
  // the record, and valid_until (read as computed) is written here.
  needsTransaction: () => true,
  values: ({ data, values, now }) => {
    const d = data as CreateOf<'evidence'>;
    checkKind({ kind: d.kind, url: d.url, text: d.text, file: fileOf(data), creating: true });
    refuseFutureTimestamp({ field: 'collected_at', value: d.collected_at, now: new Date(now) });
    const collectedAt = d.collected_at ?? now;
    checkValidUntil({ validUntil: d.valid_until, collectedAt, field: 'valid_until' });
    return { ...values, collected_at: collectedAt, valid_until: d.valid_until ?? null };
  },
  insertValues: async ({ trx, organizationId, data }) => {
    const ids = data.measure_ids ?? [];
    await checkRefs({ trx, table: 'measures', organizationId, ids, field: 'measure_ids' });
    return {};
  },
  afterInsert: async ({ trx, organizationId, id, now, data }) => {
    const file = fileOf(data);
    if (file) await addRevision({ trx, organizationId, evidenceId: id, file, now });
    const measureIds = data.measure_ids ?? [];
    await replaceMeasures({ trx, organizationId, evidenceId: id, measureIds, fresh: true });
  },
  beforeUpdate: async ({ trx, organizationId, patch, before }) => {
    const p = patch as PatchOf<'evidence'>;
    checkKind({ kind: before.kind, url: p.url, text: p.text, file: fileOf(patch), creating: false });
    if (p.content_base64 !== undefined && !fileOf(patch))
      throw invalidInput('content_base64', '`content_base64` needs `filename`.');
    checkValidUntil({ validUntil: p.valid_until, collectedAt: before.collected_at, field: 'valid_until' });
    if (p.measure_ids)
      await checkRefs({ trx, table: 'measures', organizationId, ids: p.measure_ids, field: 'measure_ids' });
  },
  patchColumns: ({ columns }) => columns,
  afterUpdate: async ({ trx, organizationId, id, now, patch }) => {
    const p = patch as PatchOf<'evidence'>;
    if (p.valid_until !== undefined) {
      await sql`update evidence set valid_until = ${p.valid_until} where id = ${id}`.execute(trx);
    }
    const file = fileOf(patch);
    if (file) await addRevision({ trx, organizationId, evidenceId: id, file, now });
    if (p.measure_ids)
      await replaceMeasures({ trx, organizationId, evidenceId: id, measureIds: p.measure_ids });
  },
});

/** The evidence repository's type. */
export type EvidenceRepository = ReturnType<typeof evidenceRepository>;
