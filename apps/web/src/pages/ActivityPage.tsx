import { type FormEvent, useEffect, useState } from 'react';
import { api, toQuery } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { formatTime } from '../format.js';
import type { AuditEntry, MemberRow, Organization } from '../types.js';

type Page = { entries: AuditEntry[]; next_cursor: string | null; total_count: number };

function changes(entry: AuditEntry): { field: string; before: string; after: string }[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => k !== 'updated_at' && JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  const show = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));
  return keys.map((field) => ({ field, before: show(before[field]), after: show(after[field]) }));
}

/** The organization's audit log: who changed what, through which token or tool, before and after. */
export function ActivityPage({ organization }: { organization: Organization }) {
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState<Page | null>(null);
  const [members, setMembers] = useState<MemberRow[]>([]);
  const [error, setError] = useState<unknown>(null);
  const cursor = cursors[cursors.length - 1];

  useEffect(() => {
    api<{ members: MemberRow[] }>(`/orgs/${organization.id}/members`).then(
      (r) => setMembers(r.members),
      setError,
    );
  }, [organization.id]);
  useEffect(() => {
    api<Page>(`/orgs/${organization.id}/activity${toQuery({ ...filters, page_size: '25', cursor })}`).then(
      setPage,
      setError,
    );
  }, [organization.id, filters, cursor]);

  const who = (id: string | null) => (id ? (members.find((m) => m.user_id === id)?.email ?? id) : 'system');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    for (const key of ['record_id', 'record_type', 'actor_user_id', 'token_id', 'action']) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next[key] = value;
    }
    setFilters(next);
    setCursors([undefined]);
  };

  return (
    <section className="stack">
      <div className="page-head">
        <h1>Activity</h1>
        {page && <span className="hint">{page.total_count} entries</span>}
      </div>
      <form className="filters card" onSubmit={submit} aria-label="Filter activity">
        <label>
          Record id
          <input name="record_id" defaultValue={filters.record_id} />
        </label>
        <label>
          Record type
          <select name="record_type" defaultValue={filters.record_type ?? ''}>
            <option value="">Any</option>
            {[
              'risk',
              'vendor',
              'measure',
              'obligation',
              'nonconformity',
              'audit',
              'framework',
              'organization',
              'membership',
            ].map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label>
          Actor
          <select name="actor_user_id" defaultValue={filters.actor_user_id ?? ''}>
            <option value="">Anyone</option>
            {members.map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {m.email}
              </option>
            ))}
          </select>
        </label>
        <label>
          Token id
          <input name="token_id" defaultValue={filters.token_id} placeholder="tok_…" />
        </label>
        <label>
          Tool or action
          <input name="action" defaultValue={filters.action} placeholder="e.g. updateRisk" />
        </label>
        <div className="actions">
          <button type="submit">Apply filters</button>
        </div>
      </form>
      <ErrorNote error={error} />
      <ol className="log">
        {page?.entries.map((e) => (
          <li key={e.id} className="card">
            <div className="log-head">
              <strong>{e.action}</strong>
              <span>
                {e.record_type} <code>{e.record_id}</code>
              </span>
              <span className="hint">
                {formatTime(e.at)} · {who(e.actor_user_id)} · via {e.source}
                {e.token_id ? ` · token ${e.token_id}` : ''}
              </span>
            </div>
            <details>
              <summary>{e.before ? 'Changes' : 'Created record'}</summary>
              <table className="diff">
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Before</th>
                    <th scope="col">After</th>
                  </tr>
                </thead>
                <tbody>
                  {changes(e).map((c) => (
                    <tr key={c.field}>
                      <th scope="row">{c.field}</th>
                      <td className="mono">{c.before}</td>
                      <td className="mono">{c.after}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </li>
        ))}
        {page && page.entries.length === 0 && <li className="hint">No activity matches.</li>}
      </ol>
      <div className="actions">
        <button
          type="button"
          className="secondary"
          disabled={cursors.length < 2}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Newer
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!page?.next_cursor}
          onClick={() => page?.next_cursor && setCursors([...cursors, page.next_cursor])}
        >
          Older
        </button>
      </div>
    </section>
  );
}
