import { type FormEvent, useEffect, useState } from 'react';
import { api, toQuery } from '../api.js';
import { CursorPager } from '../components/CursorPager.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { EmptyRow, ListTable } from '../components/ListTable.js';
import { SubmitActions } from '../components/SubmitActions.js';
import { humanize } from '../format.js';
import type { ControlsPage, FrameworkDetail } from './types.js';

type Filters = { family?: string; baseline?: string; covered?: string; query?: string };

/** A control's readiness (getAuditReadiness's definition): READY, GAP with its reasons, EXCLUDED with why. */
function ReadinessBadge({ control }: { control: ControlsPage['controls'][number] }) {
  if (control.readiness === 'READY') return <span className="badge active">Ready</span>;
  if (control.readiness === 'EXCLUDED') {
    return (
      <span
        className="badge"
        title={control.exclusions.map((x) => `${x.measure_name}: ${x.justification}`).join('; ')}
      >
        Excluded: {control.exclusions.map((x) => x.justification).join('; ')}
      </span>
    );
  }
  return <span className="badge expired">Gap: {control.gap_reasons.map(humanize).join(', ')}</span>;
}

/** A framework's controls through listFrameworkControls: filtered by family, baseline and coverage, paged. */
export function ControlsTable({
  organizationId,
  framework,
  baselines,
}: {
  organizationId: string;
  framework: FrameworkDetail;
  baselines: string[];
}) {
  const [filters, setFilters] = useState<Filters>({});
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState<ControlsPage | null>(null);
  const [error, setError] = useState<unknown>(null);
  const cursor = cursors[cursors.length - 1];

  useEffect(() => {
    setError(null);
    api<ControlsPage>(
      `/orgs/${organizationId}/frameworks/${framework.id}/controls${toQuery({ ...filters, page_size: '25', cursor })}`,
    ).then(setPage, setError);
  }, [organizationId, framework.id, filters, cursor]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: Filters = {};
    for (const key of ['family', 'baseline', 'covered', 'query'] as const) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next[key] = value;
    }
    setFilters(next);
    setCursors([undefined]);
  };

  return (
    <section className="stack" aria-labelledby="controls-title">
      <div className="page-head">
        <h2 id="controls-title">Controls</h2>
        {page && (
          <span className="hint" role="status">
            {page.total_count} matching
          </span>
        )}
      </div>
      <form className="filters card" onSubmit={submit} aria-label="Filter controls">
        <label>
          Family
          <select name="family" defaultValue="">
            <option value="">Any</option>
            {framework.families
              .filter((f) => f.family)
              .map((f) => (
                <option key={f.family} value={f.family ?? ''}>
                  {f.family}
                </option>
              ))}
          </select>
        </label>
        {baselines.length > 0 && (
          <label>
            Baseline
            <select name="baseline" defaultValue="">
              <option value="">Any</option>
              {baselines.map((b) => (
                <option key={b}>{b}</option>
              ))}
            </select>
          </label>
        )}
        <label>
          Coverage
          <select name="covered" defaultValue="">
            <option value="">Any</option>
            <option value="true">Covered</option>
            <option value="false">Not covered</option>
          </select>
        </label>
        <label>
          Text
          <input name="query" placeholder="code, title or statement" />
        </label>
        <SubmitActions label="Apply filters" />
      </form>
      <ErrorNote error={error} />
      <ListTable
        caption={`Controls of ${framework.name}`}
        hiddenCaption
        columns={['Code', 'Title', 'Family', 'Baselines', 'Coverage', 'Readiness']}
      >
        {page?.controls.map((c) => (
          <tr key={c.code}>
            <th scope="row" className="mono">
              {c.code}
            </th>
            <td>
              {c.title}
              {c.statement && (
                <details>
                  <summary>Statement</summary>
                  <p className="statement">
                    {c.statement}
                    {c.statement_truncated ? '…' : ''}
                  </p>
                </details>
              )}
            </td>
            <td>{c.family ?? '—'}</td>
            <td>{c.baselines.join(', ') || '—'}</td>
            <td>
              {c.covered ? (
                <span className="badge active">
                  Covered ({c.measure_ids.length} measure{c.measure_ids.length === 1 ? '' : 's'})
                </span>
              ) : c.covered_via_mapping.length > 0 ? (
                <span
                  className="badge mapped"
                  title={c.covered_via_mapping
                    .map((m) => `${m.control_code} (${m.relationship}, ${m.mapping_title})`)
                    .join('; ')}
                >
                  Covered via mapping: {c.covered_via_mapping.map((m) => m.control_code).join(', ')}
                </span>
              ) : (
                <span className="badge expired">Not covered</span>
              )}
            </td>
            <td data-readiness={c.readiness}>
              <ReadinessBadge control={c} />
            </td>
          </tr>
        ))}
        {page && page.controls.length === 0 && <EmptyRow columns={6}>No controls match.</EmptyRow>}
      </ListTable>
      <CursorPager
        cursors={cursors}
        onChange={setCursors}
        next={page?.next_cursor}
        labels={['Previous controls', 'Next controls']}
        showPage
      />
    </section>
  );
}
