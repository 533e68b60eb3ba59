import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, api, plainText } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { plural } from '../plural.js';
import type { Organization } from '../types.js';
import { ConflictNote } from './ConflictNote.js';
import { FieldInput } from './FieldInput.js';
import { type FieldIssue, localIssues, plainMessage } from './field-messages.js';
import { type FormField, formFields, type RegisterForm } from './registry.js';
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
  const fields = formFields({ form, editing });
  const [initial, setInitial] = useState<RawRow>(() => rawsOf(fields, record));
  const [values, setValues] = useState<RawRow>(initial);
  const [error, setError] = useState<unknown>(null);
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState(false);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const formRef = useRef<HTMLFormElement>(null);

  // The record the form's values were built from. Only another one (a reload) resets them: the first
  // effect run would otherwise replace what was typed between the first paint and the effect.
  const shown = useRef(record);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when a reloaded record arrives
  useEffect(() => {
    if (!record || record === shown.current) return;
    shown.current = record;
    const next = rawsOf(fields, record);
    setInitial(next);
    setValues(next);
    setConflict(false);
    setError(null);
  }, [record]);

  const messages = fieldMessages({ fields, error });
  const wrong = Object.keys(messages);
  const firstWrong = fields.find((f) => messages[f.name])?.name;

  useEffect(() => {
    if (!firstWrong) return;
    const target = formRef.current?.querySelector<HTMLElement>(`[name="${firstWrong}"], #rf-${firstWrong}`);
    target?.focus();
  }, [firstWrong]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setConflict(false);
    const issues = localIssues({ fields, values });
    if (issues.length > 0) {
      setError(new FieldProblems(issues));
      return;
    }
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
    // noValidate: the form words its own messages at each field (the browser's bubbles are neither
    // consistent nor all at once); the `required`, `min`, `max` and `maxLength` attributes stay.
    <form ref={formRef} className="record-form card" onSubmit={submit} noValidate aria-label={form.register}>
      {conflict && record ? (
        <ConflictNote organizationId={organization.id} recordId={String(record.id)} onReload={onReload} />
      ) : (
        wrong.length === 0 && <ErrorNote error={error} />
      )}
      {wrong.length > 0 && (
        <p className="error" role="alert">
          Check the {plural({ count: wrong.length, singular: 'field' })} marked below.
        </p>
      )}
      {fields.map((f) => (
        <FieldInput
          key={f.name}
          field={f}
          value={values[f.name] ?? rawOf(f, undefined)}
          onChange={(v) => setValues((current) => ({ ...current, [f.name]: v }))}
          error={messages[f.name]}
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

/** The problems found before sending, carried like a server's INVALID_INPUT. */
class FieldProblems extends Error {
  readonly issues: readonly FieldIssue[];
  constructor(issues: readonly FieldIssue[]) {
    super('Some fields need correcting.');
    this.issues = issues;
  }
}

/** The sub-field a dotted path names (`mitigation.0.status` → status), else the top field. */
function fieldAt({ field, path }: { field: FormField; path: string[] }): FormField {
  let current = field;
  for (const step of path) {
    const next = current.fields?.find((f) => f.name === step);
    if (next) current = next;
  }
  return current;
}

/**
 * A plain message per top-level field at fault: from the issues found before sending or sent back
 * by the server, worded from the form description; a field-named failure without issues (a name
 * already taken) shows the server's sentence as plain text.
 */
function fieldMessages({
  fields,
  error,
}: {
  fields: readonly FormField[];
  error: unknown;
}): Record<string, string> {
  const issues =
    error instanceof FieldProblems ? error.issues : error instanceof ApiError ? error.fieldIssues : [];
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const [top = '', ...rest] = issue.field.split('.');
    const field = fields.find((f) => f.name === top);
    if (!field || out[top]) continue;
    out[top] = plainMessage({ field: fieldAt({ field, path: rest }), issue });
  }
  if (issues.length === 0 && error instanceof ApiError && error.field) {
    const top = error.field.split('.')[0] ?? '';
    if (fields.some((f) => f.name === top)) out[top] = plainText(error.message);
  }
  return out;
}
