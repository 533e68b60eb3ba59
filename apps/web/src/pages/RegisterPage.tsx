import { useEffect, useState } from 'react';
import { api, toQuery } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { FilterForm } from '../components/FilterForm.js';
import { cellText, humanize } from '../format.js';
import type { ListPage, Organization, RegisterInfo } from '../types.js';

const COLUMNS: Record<string, string[]> = {
  risks: ['name', 'status', 'residual_score', 'inherent_score', 'treatment', 'owner'],
  vendors: [
    'name',
    'risk_tier',
    'status',
    'last_reviewed_at',
    'next_review_due',
    'review_overdue',
    'never_reviewed',
  ],
  measures: ['name', 'state', 'category', 'owner', 'evidence'],
  obligations: ['title', 'status', 'source', 'due_date', 'overdue', 'owner'],
  nonconformities: ['reference', 'title', 'severity', 'status', 'due_date', 'overdue'],
  audits: ['name', 'kind', 'state', 'start_date', 'end_date', 'auditor'],
  frameworks: ['name', 'version', 'control_count', 'covered_control_count'],
  assets: ['name', 'type', 'classification', 'owner', 'next_review_due', 'review_overdue'],
};

let catalog: Promise<{ registers: RegisterInfo[] }> | null = null;

/** A register's read view: the list tool's filters, ordering and cursor paging. */
export function RegisterPage({ organization, register }: { organization: Organization; register: string }) {
  const [info, setInfo] = useState<RegisterInfo | null>(null);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState<ListPage | null>(null);
  const [error, setError] = useState<unknown>(null);
  const cursor = cursors[cursors.length - 1];

  useEffect(() => {
    catalog ??= api<{ registers: RegisterInfo[] }>('/registers');
    catalog.then((c) => setInfo(c.registers.find((r) => r.name === register) ?? null), setError);
  }, [register]);

  useEffect(() => {
    setError(null);
    api<ListPage>(
      `/orgs/${organization.id}/registers/${register}${toQuery({ ...filters, page_size: '25', cursor })}`,
    ).then(setPage, setError);
  }, [organization.id, register, filters, cursor]);

  const rows = page ? ((page[register] as Record<string, unknown>[] | undefined) ?? []) : [];
  const columns = COLUMNS[register] ?? ['id'];
  return (
    <section className="stack">
      <div className="page-head">
        <h1>{humanize(register)}</h1>
        {page && <span className="hint">{page.total_count} matching</span>}
      </div>
      {info && (
        <details className="filter-box" open={Object.keys(filters).length > 0}>
          <summary>Filters and order</summary>
          <FilterForm
            info={info}
            values={filters}
            onApply={(next) => {
              setFilters(next);
              setCursors([undefined]);
            }}
          />
        </details>
      )}
      <ErrorNote error={error} />
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">{humanize(register)}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {humanize(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row.id)}>
                {columns.map((c) => (
                  <td key={c} className={typeof row[c] === 'number' ? 'num' : undefined}>
                    {cellText({ value: row[c], column: c })}
                  </td>
                ))}
              </tr>
            ))}
            {page && rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="hint">
                  No records match.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="actions">
        <button
          type="button"
          className="secondary"
          disabled={cursors.length < 2}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Previous page
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!page?.next_cursor}
          onClick={() => page?.next_cursor && setCursors([...cursors, page.next_cursor])}
        >
          Next page
        </button>
      </div>
    </section>
  );
}
