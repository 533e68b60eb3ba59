import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../api.js';
import { plural } from '../plural.js';
import type { Organization } from '../types.js';

type Result =
  | { framework_id: string; control_count: number }
  | { mapping_count: number; source_framework_id: string; target_framework_id: string };

/** Upload of one OSCAL JSON document (catalog, profile or mapping-collection); refusals show their JSON pointers. */
export function OscalImport({
  organization,
  onImported,
}: {
  organization: Organization;
  onImported: (result: Result) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{
    message: string;
    issues: { pointer: string; message: string }[];
  } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('document');
    setError(null);
    setDone(null);
    if (!(file instanceof File) || file.size === 0) {
      setError({ message: 'Choose an OSCAL JSON file first.', issues: [] });
      return;
    }
    let doc: unknown;
    try {
      doc = JSON.parse(await file.text());
    } catch (cause) {
      setError({ message: `${file.name} is not JSON: ${(cause as Error).message}`, issues: [] });
      return;
    }
    setBusy(true);
    try {
      const result = await api<Result>(`/orgs/${organization.id}/oscal/import`, {
        method: 'POST',
        body: doc,
      });
      setDone(
        'framework_id' in result
          ? `Imported ${file.name}: ${plural({ count: result.control_count, singular: 'control' })}.`
          : `Imported ${file.name}: ${plural({ count: result.mapping_count, singular: 'mapping' })}.`,
      );
      onImported(result);
    } catch (cause) {
      const issues = cause instanceof ApiError ? [...cause.issues] : [];
      if (cause instanceof ApiError && cause.pointer) issues.push({ pointer: cause.pointer, message: '' });
      setError({ message: cause instanceof Error ? cause.message : String(cause), issues });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="oscal-import-title">
      <h2 id="oscal-import-title">Import OSCAL</h2>
      <p className="hint">
        A catalog becomes a framework; a profile is resolved against a catalog of this organization or the
        library; a mapping collection adds crosswalks. JSON, up to 16 MiB.
      </p>
      <label>
        OSCAL document
        <input type="file" name="document" accept=".json,application/json" />
      </label>
      <div className="actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Importing…' : 'Import'}
        </button>
      </div>
      {done && (
        <p className="success" role="status">
          {done}
        </p>
      )}
      {error && (
        <div className="error" role="alert">
          <p>{error.message}</p>
          {error.issues.length > 0 && (
            <ul className="issues">
              {error.issues.map((issue) => (
                <li key={`${issue.pointer}:${issue.message}`}>
                  <code>{issue.pointer || '/'}</code> {issue.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
