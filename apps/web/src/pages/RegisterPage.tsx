import { registers } from '@comply/schemas/registers';
import { useEffect, useMemo, useState } from 'react';
import { api, toQuery } from '../api.js';
import { CursorPager } from '../components/CursorPager.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { FilterForm } from '../components/FilterForm.js';
import { Link } from '../components/Link.js';
import { EmptyRow } from '../components/ListTable.js';
import { FileExport, RegisterExport } from '../components/RegisterExport.js';
import { cellText, humanize } from '../format.js';
import { archivable } from '../records/ArchiveControls.js';
import { CHIP_COLUMNS, Chip } from '../records/Chip.js';
import { loadCatalog } from '../records/catalog.js';
import { formOf, linkPath, recordTitle, singularLabel } from '../records/registry.js';
import { roleCanWrite } from '../roles.js';
import { navigate, useSearch } from '../router.js';
import type { ListPage, Organization, RegisterInfo } from '../types.js';
import { viewOf, viewPath } from '../views.js';

/** The columns of each register's table, from the register catalog. */
const COLUMNS: Record<string, readonly string[]> = Object.fromEntries(
  Object.values(registers).map((r) => [r.plural, r.console.columns]),
);

/** A cell: the first column links to the record; statuses, severities and tiers are chips. */
function Cell({
  register,
  row,
  column,
  first,
}: {
  register: string;
  row: Record<string, unknown>;
  column: string;
  first: boolean;
}) {
  const value = row[column];
  if (first) {
    return (
      <td>
        <Link to={linkPath(register, String(row.id))}>
          {cellText({ value, column }) === '—' ? recordTitle(row) : cellText({ value, column })}
        </Link>
      </td>
    );
  }
  if (column === 'coverage') {
    const total = Number(row.control_count ?? 0);
    const covered = Number(row.covered_control_count ?? 0);
    return <td className="num">{total > 0 ? `${Math.round((covered / total) * 100)} %` : '—'}</td>;
  }
  if (typeof value === 'string' && CHIP_COLUMNS.has(column)) {
    return (
      <td>
        <Chip value={value} />
      </td>
    );
  }
  return <td className={typeof value === 'number' ? 'num' : undefined}>{cellText({ value, column })}</td>;
}

/**
 * Active or archived records: the list's `archived` filter, in the URL like every filter (the
 * other filters are kept, the page starts again).
 */
function ArchiveTabs({ register, filters }: { register: string; filters: Record<string, string> }) {
  const archived = filters.archived === 'true';
  const { archived: _archived, ...rest } = filters;
  return (
    <nav className="view-tabs" aria-label="Active or archived">
      <Link to={viewPath({ register, filters: rest })} current={!archived}>
        Active
      </Link>
      <Link to={viewPath({ register, filters: { ...rest, archived: 'true' } })} current={archived}>
        Archived
      </Link>
    </nav>
  );
}

/** The order a list was answered in: the one asked for, else the list tool's default. */
function appliedOrder(filters: Record<string, string>, info: RegisterInfo | null) {
  const [field, direction] = (filters.order_by ?? '').split(':');
  if (field) return { field, direction: direction ?? 'asc' };
  return info?.default_order ?? null;
}

/**
 * A register's read view: the list tool's filters, ordering and cursor paging, all in the URL (a
 * view can be shared, reloaded and reached with back and forward), and its export as CSV and XLSX.
 */
export function RegisterPage({ organization, register }: { organization: Organization; register: string }) {
  const search = useSearch();
  const { filters, cursors } = useMemo(() => viewOf(search), [search]);
  const [info, setInfo] = useState<RegisterInfo | null>(null);
  const [page, setPage] = useState<ListPage | null>(null);
  const [error, setError] = useState<unknown>(null);
  const cursor = cursors[cursors.length - 1];

  useEffect(() => {
    loadCatalog().then((registers) => setInfo(registers.find((r) => r.name === register) ?? null), setError);
  }, [register]);

  useEffect(() => {
    setError(null);
    api<ListPage>(
      `/orgs/${organization.id}/registers/${register}${toQuery({ ...filters, page_size: '25', cursor })}`,
    ).then(setPage, setError);
  }, [organization.id, register, filters, cursor]);

  const rows = page ? ((page[register] as Record<string, unknown>[] | undefined) ?? []) : [];
  const columns = COLUMNS[register] ?? ['id'];
  const order = appliedOrder(filters, info);
  const canAdd = roleCanWrite(organization.role) && formOf(register) !== undefined;
  return (
    <section className="stack">
      <div className="page-head">
        <h1>{humanize(register)}</h1>
        {page && (
          <span className="hint">
            {page.total_count_is_lower_bound ? 'At least ' : ''}
            {page.total_count} matching
          </span>
        )}
        {order && (
          <span className="hint" data-testid="applied-order">
            Sorted by {humanize(order.field).toLowerCase()},{' '}
            {order.direction === 'desc' ? 'descending' : 'ascending'}
          </span>
        )}
        <RegisterExport organizationId={organization.id} register={register} filters={filters} />
        {register === 'risks' && (
          <FileExport organizationId={organization.id} file="risk-treatment-plan" label="Treatment plan" />
        )}
        {canAdd && (
          <Link className="button" to={`/registers/${register}/new`}>
            New {singularLabel(register).toLowerCase()}
          </Link>
        )}
      </div>
      {archivable(register) && <ArchiveTabs register={register} filters={filters} />}
      {info && (
        <details className="filter-box" open={Object.keys(filters).length > 0}>
          <summary>Filters and order</summary>
          <FilterForm
            key={JSON.stringify(filters)}
            info={info}
            organizationId={organization.id}
            values={filters}
            onApply={(next) => navigate(viewPath({ register, filters: next }))}
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
                <th
                  key={c}
                  scope="col"
                  aria-sort={
                    order?.field === c ? (order.direction === 'desc' ? 'descending' : 'ascending') : undefined
                  }
                >
                  {humanize(c)}
                  {order?.field === c && (order.direction === 'desc' ? ' ▼' : ' ▲')}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row.id)}>
                {columns.map((c, i) => (
                  <Cell key={c} register={register} row={row} column={c} first={i === 0} />
                ))}
              </tr>
            ))}
            {page && rows.length === 0 && <EmptyRow columns={columns.length}>No records match.</EmptyRow>}
          </tbody>
        </table>
      </div>
      <CursorPager
        cursors={cursors}
        onChange={(next) => navigate(viewPath({ register, filters, cursors: next }))}
        next={page?.next_cursor}
        labels={['Previous page', 'Next page']}
      />
    </section>
  );
}
