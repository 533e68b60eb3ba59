import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { humanize } from '../format.js';
import type { Organization } from '../types.js';
import { ConflictNote } from './ConflictNote.js';
import { FieldInput } from './FieldInput.js';
import type { RegisterForm } from './registry.js';
import { addInput, changedInput, type RawRow, rawOf, rawsOf } from './values.js';

/**
 * The add form (no `record`) or edit form of a register's record, drawn from the generated form
 * description and submitted to the write-tool route. A new form instance has its own idempotency
 * key (a retried add is not added twice); an edit sends only the changed fields and the
 * `updated_at` it read, so someone else's change in between is a CONFLICT, not overwritten.
 */
export function RecordForm({
  organization,
  form,
  record,
  onSaved,
  onReload,
}: {
  organization: Organization;
  form: RegisterForm;
  record?: Record<string, unknown>;
  onSaved: (record: Record<string, unknown>) => void;
  onReload?: () => void;
}) {
  const editing = record !== undefined;
  const fields = editing ? form.update : form.add;
  const [initial, setInitial] = useState<RawRow>(() => rawsOf(fields, record));
  const [values, setValues] = useState<RawRow>(initial);
  const [error, setError] = useState<unknown>(null);
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState(false);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const formRef = useRef<HTMLFormElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when a reloaded record arrives
  useEffect(() => {
    if (!record) return;
    const next = rawsOf(fields, record);
    setInitial(next);
    setValues(next);
    setConflict(false);
    setError(null);
  }, [record]);

  const fieldError = error instanceof ApiError && error.field ? error.field.split('.')[0] : undefined;
  const errorAtField = fieldError !== undefined && fields.some((f) => f.name === fieldError);

  useEffect(() => {
    if (!errorAtField || !fieldError) return;
    const target = formRef.current?.querySelector<HTMLElement>(`[name="${fieldError}"], #rf-${fieldError}`);
    target?.focus();
  }, [errorAtField, fieldError]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setConflict(false);
    const body = editing
      ? {
          ...changedInput(fields, values, initial),
          id: record.id,
          expected_updated_at: record.updated_at,
        }
      : { ...addInput(fields, values), idempotency_key: idempotencyKey };
    const tool = editing ? form.tools.update : form.tools.add;
    if (editing && Object.keys(body).length === 2) {
      setError(new Error('Nothing has changed.'));
      return;
    }
    setBusy(true);
    try {
      const saved = await api<Record<string, unknown>>(`/orgs/${organization.id}/tools/${tool}`, {
        method: 'POST',
        body,
      });
      onSaved(saved);
    } catch (e) {
      setError(e);
      if (e instanceof ApiError && e.code === 'CONFLICT') setConflict(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="record-form card" onSubmit={submit} noValidate aria-label={form.register}>
      {conflict && record ? (
        <ConflictNote organizationId={organization.id} recordId={String(record.id)} onReload={onReload} />
      ) : (
        !errorAtField && <ErrorNote error={error} />
      )}
      {errorAtField && (
        <p className="error" role="alert">
          Please correct {humanize(fieldError ?? '')}: {(error as ApiError).message}
        </p>
      )}
      {fields.map((f) => (
        <FieldInput
          key={f.name}
          field={f}
          value={values[f.name] ?? rawOf(f, undefined)}
          onChange={(v) => setValues((current) => ({ ...current, [f.name]: v }))}
          error={f.name === fieldError ? (error as ApiError).message : undefined}
          organizationId={organization.id}
          idPrefix="rf-"
        />
      ))}
      <div className="actions">
        <button type="submit" disabled={busy}>
          {editing ? 'Save changes' : `Add ${form.singular.replace(/_/g, ' ')}`}
        </button>
      </div>
    </form>
  );
}
