import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { Link } from '../components/Link.js';
import { roleCanWrite } from '../roles.js';
import { navigate } from '../router.js';
import type { Organization } from '../types.js';
import type { LibraryEntry } from './types.js';

function AdoptForm({ organization, entry }: { organization: Organization; entry: LibraryEntry }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const baseline = String(new FormData(event.currentTarget).get('baseline') ?? '');
    setBusy(true);
    setError(null);
    try {
      const created = await api<{ id: string }>(`/orgs/${organization.id}/tools/addFramework`, {
        method: 'POST',
        body: { library_key: entry.key, ...(baseline && { baseline }) },
      });
      navigate(`/frameworks/${created.id}`);
    } catch (cause) {
      setError(cause);
      setBusy(false);
    }
  };
  return (
    <form className="adopt" onSubmit={submit} aria-label={`Adopt ${entry.title}`}>
      {entry.baselines.length > 0 && (
        <label>
          Baseline
          <select name="baseline" defaultValue="">
            <option value="">All controls</option>
            {entry.baselines.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="submit" disabled={busy}>
        {busy ? 'Adding…' : `Adopt ${entry.title}`}
      </button>
      <ErrorNote error={error} />
    </form>
  );
}

/** The built-in library: what each entry is and where it comes from; EDITORs and above adopt one. */
export function LibraryPage({ organization }: { organization: Organization }) {
  const [entries, setEntries] = useState<LibraryEntry[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const canWrite = roleCanWrite(organization.role);
  useEffect(() => {
    api<{ entries: LibraryEntry[] }>('/library').then((r) => setEntries(r.entries), setError);
  }, []);
  return (
    <section className="stack">
      <div className="page-head">
        <h1>Framework library</h1>
        <Link to="/frameworks">Back to frameworks</Link>
      </div>
      {!canWrite && <p className="hint">Your role may read only: ask an editor to adopt a framework.</p>}
      <ErrorNote error={error} />
      <ul className="library">
        {entries?.map((entry) => (
          <li key={entry.key} className="card stack">
            <h2>{entry.title}</h2>
            {entry.description && <p className="wrap">{entry.description}</p>}
            <dl className="facts">
              <dt>Publisher</dt>
              <dd>{entry.publisher}</dd>
              <dt>Version</dt>
              <dd>{entry.version}</dd>
              <dt>Controls</dt>
              <dd>{entry.control_count}</dd>
              <dt>Baselines</dt>
              <dd>{entry.baselines.length ? entry.baselines.join(', ') : '—'}</dd>
              <dt>Licence</dt>
              <dd>{entry.licence}</dd>
              <dt>Source</dt>
              <dd className="wrap">{entry.source}</dd>
            </dl>
            {canWrite && <AdoptForm organization={organization} entry={entry} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
