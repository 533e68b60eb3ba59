import { useCallback, useEffect, useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { Link } from '../components/Link.js';
import { type TestRunRow, TestRunsPanel } from '../control-tests/TestRunsPanel.js';
import { EvidenceFilePanel, hasFile } from '../evidence/EvidenceFilePanel.js';
import { formatTime, humanize } from '../format.js';
import { roleCanWrite } from '../roles.js';
import type { Organization } from '../types.js';
import { ArchiveControls } from './ArchiveControls.js';
import { CHIP_COLUMNS, Chip } from './Chip.js';
import { DocumentPanel, type DocumentRecord } from './DocumentPanel.js';
import { FieldValue } from './FieldValue.js';
import { RecordHistory } from './RecordHistory.js';
import { ControlList, EvidenceList, OwnLinks } from './RecordSections.js';
import { RelatedRecords } from './RelatedRecords.js';
import { RiskAcceptancePanel } from './RiskAcceptancePanel.js';
import {
  fieldLabel,
  formOf,
  linkPath,
  recordPath,
  recordTitle,
  referencedRegister,
  singularLabel,
} from './registry.js';
import { TaskComplete } from './TaskComplete.js';

/** Bookkeeping and machine identifiers: not facts a person reads (`Oscal uuid`, `Families omitted 0`). */
const TECHNICAL = new Set([
  'id',
  'organization_id',
  'created_at',
  'updated_at',
  'archived_at',
  'oscal_uuid',
  'library_key',
  'families',
  'families_omitted',
  'name',
  'title',
  'reference',
]);
/** Long texts, shown as paragraphs under their label after the facts. */
const TEXTS = [
  'description',
  'requirement',
  'actions',
  'root_cause',
  'corrective_action',
  'applicability_justification',
  'notes',
  'note',
  'completion_note',
];
/** Parts of a record with a section of their own. */
const SECTIONS = new Set([
  'evidence',
  'controls',
  'content',
  'versions',
  'acknowledgements',
  'acceptances',
  'file',
  'revisions',
  'latest_runs',
]);

/** The registers a record's own `…_ids` fields point to. */
function linkedRegisters(record: Record<string, unknown>): string[] {
  return Object.keys(record)
    .map(referencedRegister)
    .filter((r): r is string => r !== undefined);
}

/** Where a record is: its organization, its register and its id. */
export interface RecordAddress {
  organizationId: string;
  register: string;
  id: string;
}

/** What a record's pages are given: the organization (with the caller's role), register and id. */
export interface RecordPageProps {
  organization: Organization;
  register: string;
  id: string;
}

/** Fetches one record of a register (`GET …/registers/:register/:id`); `reload` fetches it again. */
export function useRecord({ organizationId, register, id }: RecordAddress) {
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const reload = useCallback(() => {
    setError(null);
    api<Record<string, unknown>>(
      `/orgs/${organizationId}/registers/${register}/${encodeURIComponent(id)}`,
    ).then(setRecord, setError);
  }, [organizationId, register, id]);
  useEffect(reload, [reload]);
  return { record, error, reload };
}

/**
 * A record's page, designed for reading: its name with its status chips; the facts that matter
 * (owner, scores, dates…, each linked record with its state); its long texts; the records it links
 * and those pointing to it, as lists with their state; a measure's evidence as links with dates;
 * its history last.
 */
export function RecordPage({ organization, register, id }: RecordPageProps) {
  const { record, error, reload } = useRecord({ organizationId: organization.id, register, id });
  const form = formOf(register);
  const canWrite = roleCanWrite(organization.role);
  // An archived record is restored before it is edited.
  const canEdit = canWrite && Boolean(form?.tools.update) && !record?.archived_at;
  const orgId = organization.id;
  const entries = record ? Object.entries(record) : [];
  const chips = entries.filter(([k, v]) => CHIP_COLUMNS.has(k) && typeof v === 'string');
  const ownLists = entries.filter(
    ([k, v]) => k.endsWith('_ids') && Array.isArray(v) && referencedRegister(k),
  );
  const texts = TEXTS.filter((k) => typeof record?.[k] === 'string' && record[k] !== '');
  const facts = entries.filter(
    ([k]) =>
      !TECHNICAL.has(k) &&
      !CHIP_COLUMNS.has(k) &&
      !TEXTS.includes(k) &&
      !SECTIONS.has(k) &&
      !ownLists.some(([own]) => own === k),
  );
  return (
    <section className="stack record-page">
      <p>
        <Link to={`/registers/${register}`}>← {humanize(register)}</Link>
      </p>
      <ErrorNote error={error} />
      {record && (
        <>
          <div className="page-head">
            <div className="stack record-title">
              <h1>
                {singularLabel(register)}: {recordTitle(record)}
              </h1>
              {chips.length > 0 && (
                <ul className="chips" aria-label="Status">
                  {chips.map(([k, v]) => (
                    <li key={k}>
                      <span className="hint">{fieldLabel(k)}</span> <Chip value={String(v)} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {register === 'frameworks' && (
              <Link className="button secondary" to={linkPath(register, id)}>
                Coverage and readiness
              </Link>
            )}
            {canEdit && (
              <Link className="button" to={`${recordPath(register, id)}/edit`}>
                Edit {singularLabel(register).toLowerCase()}
              </Link>
            )}
          </div>
          <ArchiveControls
            organizationId={orgId}
            register={register}
            record={record}
            canWrite={canWrite}
            onChange={reload}
          />
          <dl className="record-fields card">
            {facts.map(([k, v]) => (
              <div key={k} style={{ display: 'contents' }}>
                <dt>{fieldLabel(k)}</dt>
                <dd>
                  <FieldValue name={k} value={v} organizationId={orgId} />
                </dd>
              </div>
            ))}
          </dl>
          {register === 'tasks' &&
            canEdit &&
            (record.status === 'OPEN' || record.status === 'IN_PROGRESS') && (
              <TaskComplete organizationId={orgId} taskId={String(record.id)} onDone={reload} />
            )}
          {texts.map((k) => (
            <section key={k} className="card">
              <h2>{fieldLabel(k)}</h2>
              <p className="statement">{String(record[k])}</p>
            </section>
          ))}
          {register === 'risks' && Array.isArray(record.acceptances) && (
            <RiskAcceptancePanel
              organization={organization}
              risk={record as unknown as Parameters<typeof RiskAcceptancePanel>[0]['risk']}
              reload={reload}
            />
          )}
          {register === 'documents' && (
            <DocumentPanel
              organization={organization}
              document={record as unknown as DocumentRecord}
              reload={reload}
            />
          )}
          {register === 'evidence' && hasFile(record) && (
            <EvidenceFilePanel
              organizationId={orgId}
              record={record as unknown as Parameters<typeof EvidenceFilePanel>[0]['record']}
              canWrite={canWrite && !record.archived_at}
              onChange={reload}
            />
          )}
          {register === 'control_tests' && (
            <TestRunsPanel
              organizationId={orgId}
              testId={String(record.id)}
              runs={(record.latest_runs ?? []) as TestRunRow[]}
              canWrite={canWrite}
              onChange={reload}
            />
          )}
          {Array.isArray(record.evidence) && (
            <EvidenceList evidence={record.evidence as Record<string, unknown>[]} />
          )}
          <section className="card stack" aria-labelledby="related-heading">
            <h2 id="related-heading">Linked records</h2>
            {ownLists.map(([k, v]) => (
              <OwnLinks key={k} name={k} ids={(v as unknown[]).map(String)} organizationId={orgId} />
            ))}
            {Array.isArray(record.controls) && (
              <ControlList controls={record.controls as Record<string, unknown>[]} organizationId={orgId} />
            )}
            {form && (
              <RelatedRecords
                organizationId={orgId}
                register={register}
                singular={form.singular}
                id={String(record.id)}
                shown={linkedRegisters(record)}
              />
            )}
          </section>
          <p className="hint">
            Created {formatTime(record.created_at as string | null)} · last changed{' '}
            {formatTime(record.updated_at as string | null)}
          </p>
          {/* Read again after each change of the record (an archive, a restore). */}
          <RecordHistory
            key={String(record.updated_at)}
            organizationId={orgId}
            recordId={String(record.id)}
          />
        </>
      )}
    </section>
  );
}
