import { humanize } from '../format.js';
import type { Readiness } from './types.js';

function Omitted({ omitted }: { omitted: number }) {
  return omitted > 0 ? <li className="hint">… and {omitted} more</li> : null;
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
        <div>
          <h3>Controls not ready ({gaps.not_ready_controls.count})</h3>
          <ul className="gaps" aria-label="Controls not ready">
            {gaps.not_ready_controls.items.map((c) => (
              <li key={c.code} data-code={c.code} data-state="GAP">
                <strong>{c.code}</strong> {c.title}{' '}
                {c.gap_reasons.map((r) => (
                  <span key={r} className="badge expired">
                    {humanize(r)}
                  </span>
                ))}
              </li>
            ))}
            <Omitted omitted={gaps.not_ready_controls.omitted} />
          </ul>
        </div>
        <div>
          <h3>Excluded controls ({gaps.excluded_controls.count})</h3>
          <ul className="gaps" aria-label="Excluded controls">
            {gaps.excluded_controls.items.map((c) => (
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
            ))}
            <Omitted omitted={gaps.excluded_controls.omitted} />
          </ul>
        </div>
        <div>
          <h3>Controls without measures ({gaps.controls_without_measures.count})</h3>
          <ul className="gaps">
            {gaps.controls_without_measures.items.map((c) => (
              <li key={c.code}>
                <strong>{c.code}</strong> {c.title}
                {c.covered_via_mapping && <span className="badge mapped">Covered via mapping</span>}
              </li>
            ))}
            <Omitted omitted={gaps.controls_without_measures.omitted} />
          </ul>
        </div>
        <div>
          <h3>Measures not implemented ({gaps.measures_not_implemented.count})</h3>
          <ul className="gaps">
            {gaps.measures_not_implemented.items.map((m) => (
              <li key={m.id}>
                {m.name} <span className="badge">{humanize(m.state)}</span>
                <span className="hint"> {m.control_codes.join(', ')}</span>
              </li>
            ))}
            <Omitted omitted={gaps.measures_not_implemented.omitted} />
          </ul>
        </div>
        <div>
          <h3>Implemented without evidence ({gaps.implemented_without_evidence.count})</h3>
          <ul className="gaps">
            {gaps.implemented_without_evidence.items.map((m) => (
              <li key={m.id}>
                {m.name} <span className="hint">{m.control_codes.join(', ')}</span>
              </li>
            ))}
            <Omitted omitted={gaps.implemented_without_evidence.omitted} />
          </ul>
        </div>
        <div>
          <h3>Evidence expired ({gaps.evidence_expired.count})</h3>
          <ul className="gaps">
            {gaps.evidence_expired.items.map((m) => (
              <li key={m.id}>
                {m.name} <span className="hint">{m.control_codes.join(', ')}</span>
              </li>
            ))}
            <Omitted omitted={gaps.evidence_expired.omitted} />
          </ul>
        </div>
        <div>
          <h3>Open nonconformities ({gaps.open_nonconformities.count})</h3>
          <ul className="gaps">
            {gaps.open_nonconformities.items.map((n) => (
              <li key={n.id}>
                <strong>{n.reference}</strong> {n.title} <span className="badge">{humanize(n.severity)}</span>
                {n.overdue && <span className="badge expired">Overdue</span>}
              </li>
            ))}
            <Omitted omitted={gaps.open_nonconformities.omitted} />
          </ul>
        </div>
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
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Readiness per family</caption>
            <thead>
              <tr>
                <th scope="col">Family</th>
                <th scope="col" className="num">
                  Controls
                </th>
                <th scope="col" className="num">
                  Ready
                </th>
                <th scope="col" className="num">
                  No measure
                </th>
                <th scope="col" className="num">
                  Excluded
                </th>
                <th scope="col" className="num">
                  Readiness
                </th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
