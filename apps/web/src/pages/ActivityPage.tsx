import { registers } from '@comply/schemas/registers';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { BatchView } from '../activity/BatchView.js';
import { EntryView } from '../activity/EntryView.js';
import { actionLabel, groupEntries } from '../activity/format.js';
import type { ActivityEntry } from '../activity/types.js';
import { api, toQuery } from '../api.js';
import { CursorPager } from '../components/CursorPager.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { Options } from '../components/Options.js';
import { SubmitActions } from '../components/SubmitActions.js';
import { plural } from '../plural.js';
import { navigate, useSearch } from '../router.js';
import type { MemberRow, Organization } from '../types.js';
import { viewOf } from '../views.js';

type Page = { entries: ActivityEntry[]; next_cursor: string | null; total_count: number };

/** The most entries one page of the activity reads to finish a batch (a demo load is ~130). */
const BATCH_READ_LIMIT = 1_000;

const RECORD_TYPES = [
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
];

/** The actions the filter offers: every register's add and update tool, and the bulk operations. */
const ACTIONS = [
  ...Object.values(registers).flatMap((r) => [r.tools.add, r.tools.update]),
  'archiveRecord',
  'restoreRecord',
  'seedDemo',
  'importOscal',
  'updateOrganizationSettings',
].filter((a): a is string => Boolean(a));

/**
 * One page of the activity, 100 entries, extended while it ends inside a batch (one bulk operation
 * written back to back), so that a batch is counted once, whole, rather than split across pages.
 */
async function loadPage({
  organizationId,
  filters,
  cursor,
}: {
  organizationId: string;
  filters: Record<string, string>;
  cursor: string | undefined;
}): Promise<Page> {
  const read = (at: string | undefined) =>
    api<Page>(`/orgs/${organizationId}/activity${toQuery({ ...filters, page_size: '100', cursor: at })}`);
  const page = await read(cursor);
  while (page.next_cursor && page.entries.length < BATCH_READ_LIMIT) {
    const last = groupEntries(page.entries).at(-1);
    if (last?.kind !== 'batch' || !last.reachesPageEnd) break;
    const more = await read(page.next_cursor);
    page.entries.push(...more.entries);
    page.next_cursor = more.next_cursor;
  }
  return page;
}

/**
 * The organization's audit log for people: names instead of ids, readable values, before → after for
 * updates, and bulk operations grouped into one entry that expands. Filters and page are in the URL.
 */
export function ActivityPage({ organization }: { organization: Organization }) {
  const search = useSearch();
  const { filters, cursors } = useMemo(() => viewOf(search), [search]);
  const [page, setPage] = useState<Page | null>(null);
  const [members, setMembers] = useState<MemberRow[]>([]);
  const [error, setError] = useState<unknown>(null);
  const cursor = cursors[cursors.length - 1];
  const go = (next: Record<string, string>, at: (string | undefined)[] = []) =>
    navigate(`/activity${toQuery({ ...next, cursor: at.filter(Boolean).join(',') })}`);

  const auditor = organization.role === 'AUDITOR';
  useEffect(() => {
    // An auditor cannot list the members: the actors named on the page stand in for them.
    if (auditor) return;
    api<{ members: MemberRow[] }>(`/orgs/${organization.id}/members`).then(
      (r) => setMembers(r.members),
      setError,
    );
  }, [organization.id, auditor]);
  const actors = auditor
    ? [
        ...new Map(
          (page?.entries ?? []).flatMap((e) =>
            e.actor_user_id && e.actor_name ? [[e.actor_user_id, e.actor_name] as const] : [],
          ),
        ).entries(),
      ].map(([user_id, email]) => ({ user_id, email }))
    : members;
  useEffect(() => {
    loadPage({ organizationId: organization.id, filters, cursor }).then(setPage, setError);
  }, [organization.id, filters, cursor]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    for (const key of ['record_id', 'record_type', 'actor_user_id', 'token_id', 'action']) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next[key] = value;
    }
    go(next);
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
      <form key={search} className="filters card" onSubmit={submit} aria-label="Filter activity">
        <label>
          Record id
          <input name="record_id" defaultValue={filters.record_id} />
        </label>
        <label>
          Record type
          <select name="record_type" defaultValue={filters.record_type ?? ''}>
            <option value="">Any</option>
            <Options values={RECORD_TYPES} />
          </select>
        </label>
        <label>
          Actor
          <select name="actor_user_id" defaultValue={filters.actor_user_id ?? ''}>
            <option value="">Anyone</option>
            {actors.map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {m.email}
              </option>
            ))}
          </select>
        </label>
        {!auditor && (
          <label>
            Token id
            <input name="token_id" defaultValue={filters.token_id} placeholder="tok_…" />
          </label>
        )}
        <label>
          Action
          <select name="action" defaultValue={filters.action ?? ''}>
            <option value="">Any</option>
            <Options
              values={[...new Set([...ACTIONS, ...(filters.action ? [filters.action] : [])])]}
              label={actionLabel}
            />
          </select>
        </label>
        <SubmitActions label="Apply filters" />
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
        onChange={(next) => go(filters, next)}
        next={page?.next_cursor}
        labels={['Newer', 'Older']}
      />
    </section>
  );
}
