import type { ReactNode } from 'react';
import { ListTable } from '../components/ListTable.js';
import { humanize } from '../format.js';
import type { Readiness } from './types.js';

/**
 * One gap of the report: its heading with the count, an item per `children(item)`, and how many the
 * report left out.
 */
function GapList<T>({
  title,
  list,
  label,
  children,
}: {
  title: string;
  list: { count: number; items: T[]; omitted: number };
  label?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <div>
      <h3>
        {title} ({list.count})
      </h3>
      <ul className="gaps" aria-label={label}>
        {list.items.map(children)}
        {list.omitted > 0 && <li className="hint">… and {list.omitted} more</li>}
      </ul>
    </div>
  );
}

/** A measure of a gap with the codes of the controls it serves. */
function measureItem(m: { id: string; name: string; control_codes: string[] }) {
  return (
    <li key={m.id}>
      {m.name} <span className="hint">{m.control_codes.join(', ')}</span>
    </li>
  );
}

/** getAuditReadiness: the gaps first, then readiness per status and per family. */
export function ReadinessView({ readiness }: { readiness: Readiness }) {
  const { gaps } = readiness;
  return (
    <section className="card stack" aria-labelledby="readiness-title">
      <h2 id="readiness-title">Audit readiness: {readiness.readiness_percent}%</h2>
      <p className="hint">
        READY controls out of the controls in scope (
        {readiness.control_count - readiness.state_counts.EXCLUDED} of {readiness.control_count}; excluded
        controls do not count).
      </p>
      <div className="grid two">
        <GapList title="Controls not ready" list={gaps.not_ready_controls} label="Controls not ready">
          {(c) => (
            <li key={c.code} data-code={c.code} data-state="GAP">
              <strong>{c.code}</strong> {c.title}{' '}
              {c.gap_reasons.map((r) => (
                <span key={r} className="badge expired">
                  {humanize(r)}
                </span>
              ))}
            </li>
          )}
        </GapList>
        <GapList title="Excluded controls" list={gaps.excluded_controls} label="Excluded controls">
          {(c) => (
            <li key={c.code} data-code={c.code} data-state="EXCLUDED">
              <strong>{c.code}</strong> {c.title}
              {c.soa_justification && (
                <span className="hint">
                  {' '}
                  Excluded in the Statement of Applicability: {c.soa_justification}
                </span>
              )}
              {c.exclusions.map((x) => (
                <span key={x.measure_id} className="hint">
                  {' '}
                  Not applicable ({x.measure_name}): {x.justification}
                </span>
              ))}
            </li>
          )}
        </GapList>
        <GapList title="Controls without measures" list={gaps.controls_without_measures}>
          {(c) => (
            <li key={c.code}>
              <strong>{c.code}</strong> {c.title}
              {c.covered_via_mapping && <span className="badge mapped">Covered via mapping</span>}
            </li>
          )}
        </GapList>
        <GapList title="Measures not implemented" list={gaps.measures_not_implemented}>
          {(m) => (
            <li key={m.id}>
              {m.name} <span className="badge">{humanize(m.state)}</span>
              <span className="hint"> {m.control_codes.join(', ')}</span>
            </li>
          )}
        </GapList>
        <GapList title="Implemented without evidence" list={gaps.implemented_without_evidence}>
          {measureItem}
        </GapList>
        <GapList title="Evidence expired" list={gaps.evidence_expired}>
          {measureItem}
        </GapList>
        <GapList title="Open nonconformities" list={gaps.open_nonconformities}>
          {(n) => (
            <li key={n.id}>
              <strong>{n.reference}</strong> {n.title} <span className="badge">{humanize(n.severity)}</span>
              {n.overdue && <span className="badge expired">Overdue</span>}
            </li>
          )}
        </GapList>
      </div>
      <p>
        {Object.entries(readiness.state_counts)
          .map(([state, count]) => `${humanize(state)}: ${count}`)
          .join(' · ')}
        {' — gaps by reason: '}
        {Object.entries(readiness.gap_reason_counts)
          .filter(([, count]) => count > 0)
          .map(([reason, count]) => `${humanize(reason)}: ${count}`)
          .join(' · ') || 'none'}
        {readiness.covered_via_mapping_count > 0 &&
          ` · covered via mapping only: ${readiness.covered_via_mapping_count}`}
      </p>
      <details>
        <summary>Readiness per family ({readiness.families.count})</summary>
        <ListTable
          caption="Readiness per family"
          hiddenCaption
          columns={[
            'Family',
            { label: 'Controls', num: true },
            { label: 'Ready', num: true },
            { label: 'No measure', num: true },
            { label: 'Excluded', num: true },
            { label: 'Readiness', num: true },
          ]}
        >
          {readiness.families.items.map((f) => (
            <tr key={f.family ?? ''}>
              <th scope="row">{f.family ?? '(no family)'}</th>
              <td className="num">{f.control_count}</td>
              <td className="num">{f.ready_count}</td>
              <td className="num">{f.no_measure_count}</td>
              <td className="num">{f.excluded_count}</td>
              <td className="num">{f.readiness_percent}%</td>
            </tr>
          ))}
        </ListTable>
      </details>
    </section>
  );
}
