import type { DocumentStatus } from '@comply/schemas';
import { toDateString } from '../dates.js';
import { invalidInput } from '../errors.js';
import { BY_TIMESTAMPS, defineRegister, holds, inList, search } from './define.js';
import { documentActions } from './documents/actions.js';
import { checkDocumentLinks, replaceDocumentLinks } from './documents/links.js';
import {
  acknowledgedCountSql,
  acknowledgementsJson,
  approversJson,
  contentSql,
  controlsJson,
  coverageSql,
  measureIdsJson,
  memberCountSql,
  reviewOverdueSql,
  versionsJson,
} from './documents/sql.js';
import {
  addMonths,
  approverCount,
  checkTransition,
  currentVersionApproved,
  evidenceFileForVersion,
  insertVersion,
} from './documents/workflow.js';

/** The controlled documents register: metadata and status here; versions, approvals, acknowledgements in documents/. */
const documentsRegister = defineRegister({
  register: 'documents',
  computed: {
    review_overdue: ({ today }) => reviewOverdueSql(today),
    approvers: () => approversJson,
    controls: () => controlsJson,
    measure_ids: () => measureIdsJson,
    content: () => contentSql,
    versions: () => versionsJson,
    acknowledgements: () => acknowledgementsJson,
    member_count: () => memberCountSql,
    acknowledged_count: () => acknowledgedCountSql,
    acknowledgement_coverage: () => coverageSql,
  },
  listFields: [
    'id',
    'organization_id',
    'title',
    'kind',
    'status',
    'owner',
    'next_review_due',
    'review_overdue',
    'current_version',
    'published_version',
    'acknowledgement_coverage',
    'created_at',
    'updated_at',
  ],
  filters: {
    status: inList('status'),
    kind: inList('kind'),
    review_overdue: holds('review_overdue'),
    query: search('title', 'description'),
  },
  order: {
    keys: { title: 'lower', next_review_due: 'nullable', ...BY_TIMESTAMPS },
  },
  defaults: { status: 'DRAFT' },
  // A new document is a DRAFT; with content (or a vault file) it has version 1.
  values: ({ data, values }) => ({
    ...values,
    status: 'DRAFT',
    current_version: data.content || data.evidence_id ? 1 : null,
    published_version: null,
    published_at: null,
  }),
  needsTransaction: () => true,
  afterInsert: async ({ trx, organizationId, id, now, data, actor }) => {
    const approverIds = await checkDocumentLinks({
      trx,
      organizationId,
      controls: data.controls,
      measureIds: data.measure_ids,
      approvers: data.approvers,
    });
    await replaceDocumentLinks({
      trx,
      organizationId,
      documentId: id,
      controls: data.controls,
      measureIds: data.measure_ids,
      approverIds,
    });
    if (data.content && data.evidence_id) {
      throw invalidInput(
        'evidence_id',
        'Version 1 is either Markdown `content` or a FILE evidence `evidence_id`: give one of the two.',
      );
    }
    if (data.content || data.evidence_id) {
      const file = data.evidence_id
        ? await evidenceFileForVersion({ trx, organizationId, evidenceId: data.evidence_id })
        : undefined;
      await insertVersion({
        trx,
        organizationId,
        documentId: id,
        version: 1,
        content: data.content,
        file,
        changeNote: data.change_note,
        actor,
        now,
      });
    }
  },
  beforeUpdate: async ({ trx, organizationId, before, patch }) => {
    const from = before.status as DocumentStatus;
    if (patch.approvers !== undefined && from !== 'DRAFT') {
      throw invalidInput(
        'approvers',
        `\`approvers\` change only while the document is DRAFT; it is ${from}. Set status DRAFT first (or add a version).`,
      );
    }
    const to = patch.status as DocumentStatus | undefined;
    if (to !== undefined && to !== from) {
      checkTransition(from, to);
      if (to === 'IN_REVIEW') {
        if (before.current_version === null) {
          throw invalidInput(
            'status',
            'A document goes IN_REVIEW with a version to review: add one first (addDocumentVersion).',
          );
        }
        const approvers = patch.approvers ? patch.approvers.length : before.approvers.length;
        if (approvers === 0) {
          throw invalidInput(
            'status',
            'A document goes IN_REVIEW with at least one approver: name them first (`approvers`).',
          );
        }
      }
      if (to === 'PUBLISHED' && !(await currentVersionApproved({ trx, documentId: before.id }))) {
        throw invalidInput(
          'status',
          `Publishing needs the current version (${before.current_version}) approved by every approver.`,
        );
      }
    }
    await checkDocumentLinks({
      trx,
      organizationId,
      controls: patch.controls,
      measureIds: patch.measure_ids,
    });
  },
  patchColumns: ({ before, columns, now }) => {
    if (columns.status === 'PUBLISHED' && before.status !== 'PUBLISHED') {
      const interval = (columns.review_interval_months ?? before.review_interval_months) as number | null;
      return {
        ...columns,
        published_version: before.current_version,
        published_at: now,
        ...(interval && columns.next_review_due === undefined
          ? { next_review_due: addMonths(toDateString(new Date(now)), interval) }
          : {}),
      };
    }
    return columns;
  },
  afterUpdate: async ({ trx, organizationId, id, patch }) => {
    const approverIds = patch.approvers
      ? await checkDocumentLinks({ trx, organizationId, approvers: patch.approvers })
      : undefined;
    await replaceDocumentLinks({
      trx,
      organizationId,
      documentId: id,
      controls: patch.controls,
      measureIds: patch.measure_ids,
      approverIds,
    });
    if (patch.status === 'IN_REVIEW') {
      if ((await approverCount({ trx, documentId: id })) === 0) {
        throw invalidInput('status', 'A document goes IN_REVIEW with at least one approver who is a member.');
      }
      // Back in review unchanged, already approved by everyone: it is APPROVED again.
      if (await currentVersionApproved({ trx, documentId: id })) {
        await trx.updateTable('documents').set({ status: 'APPROVED' }).where('id', '=', id).execute();
      }
    }
  },
});

/**
 * The documents repository: the register's list, get, add and update, plus the version,
 * approval and acknowledgement writes (documents/actions.ts).
 */
export const documentsRepository = Object.assign(
  (ctx: Parameters<typeof documentsRegister>[0]) => {
    const register = documentsRegister(ctx);
    return { ...register, ...documentActions({ ctx, get: register.get }) };
  },
  { order: documentsRegister.order, where: documentsRegister.where },
);

/** The documents repository's type. */
export type DocumentsRepository = ReturnType<typeof documentsRepository>;
