import { type FormEvent, useEffect, useState } from 'react';
import { BatchView } from '../activity/BatchView.js';
import { EntryView } from '../activity/EntryView.js';
import { groupEntries } from '../activity/format.js';
import type { ActivityEntry } from '../activity/types.js';
import { api, toQuery } from '../api.js';
import { CursorPager } from '../components/CursorPager.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { plural } from '../plural.js';
import type { MemberRow, Organization } from '../types.js';

type Page = { entries: ActivityEntry[]; next_cursor: string | null; total_count: number };

/**
 * The organization's audit log for people: names instead of ids, readable values, before → after for
 * updates, and bulk operations grouped into one entry that expands.
 */
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
    api<Page>(`/orgs/${organization.id}/activity${toQuery({ ...filters, page_size: '100', cursor })}`).then(
      setPage,
      setError,
    );
  }, [organization.id, filters, cursor]);

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
        {page && (
          <span className="hint">
            {plural({ count: page.total_count, singular: 'entry', plural: 'entries' })}
          </span>
        )}
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
              'asset',
              'organization',
              'membership',
              'invitation',
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
        {groupEntries(page?.entries ?? []).map((item) =>
          item.kind === 'entry' ? (
            <EntryView key={item.entry.id} entry={item.entry} />
          ) : (
            <BatchView
              key={item.entries[0]?.id}
              entries={item.entries}
              reachesPageEnd={item.reachesPageEnd}
            />
          ),
        )}
        {page && page.entries.length === 0 && <li className="hint">No activity matches.</li>}
      </ol>
      <CursorPager
        cursors={cursors}
        onChange={setCursors}
        next={page?.next_cursor}
        labels={['Newer', 'Older']}
      />
    </section>
  );
}
