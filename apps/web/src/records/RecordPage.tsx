import { useCallback, useEffect, useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { Link } from '../components/Link.js';
import { humanize } from '../format.js';
import type { Organization } from '../types.js';
import { FieldValue } from './FieldValue.js';
import { RecordHistory } from './RecordHistory.js';
import { RelatedRecords } from './RelatedRecords.js';
import {
  fieldLabel,
  formOf,
  recordPath,
  recordTitle,
  referencedRegister,
  singularLabel,
} from './registry.js';

const HIDDEN = new Set(['organization_id']);

/** The registers a record's own `…_id(s)` fields point to. */
function linkedRegisters(record: Record<string, unknown>): string[] {
  return Object.keys(record)
    .map(referencedRegister)
    .filter((r): r is string => r !== undefined);
}

/** Fetches one record of a register (`GET …/registers/:register/:id`); `reload` fetches it again. */
export function useRecord({
  organizationId,
  register,
  id,
}: {
  organizationId: string;
  register: string;
  id: string;
}) {
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

/** A record's detail page: every field humanized, linked records as links, records pointing to it, its history. */
export function RecordPage({
  organization,
  register,
  id,
}: {
  organization: Organization;
  register: string;
  id: string;
}) {
  const { record, error } = useRecord({ organizationId: organization.id, register, id });
  const form = formOf(register);
  const canEdit = organization.role !== 'VIEWER' && Boolean(form?.tools.update);
  return (
    <section className="stack">
      <p>
        <Link to={`/registers/${register}`}>← {humanize(register)}</Link>
      </p>
      <ErrorNote error={error} />
      {record && (
        <>
          <div className="page-head">
            <h1>
              {singularLabel(register)}: {recordTitle(record)}
            </h1>
            {canEdit && (
              <Link className="button" to={`${recordPath(register, id)}/edit`}>
                Edit {singularLabel(register).toLowerCase()}
              </Link>
            )}
          </div>
          <dl className="record-fields card">
            {Object.entries(record)
              .filter(([k]) => !HIDDEN.has(k))
              .map(([k, v]) => (
                <div key={k} style={{ display: 'contents' }}>
                  <dt>{fieldLabel(k)}</dt>
                  <dd>
                    <FieldValue name={k} value={v} organizationId={organization.id} />
                  </dd>
                </div>
              ))}
          </dl>
          {form && (
            <RelatedRecords
              organizationId={organization.id}
              register={register}
              singular={form.singular}
              id={String(record.id)}
              shown={linkedRegisters(record)}
            />
          )}
          <RecordHistory organizationId={organization.id} recordId={String(record.id)} />
        </>
      )}
    </section>
  );
}
