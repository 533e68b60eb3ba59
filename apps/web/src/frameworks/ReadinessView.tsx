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
      <div className="grid two">
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
          <h3>Open nonconformities ({gaps.open_nonconformities.count})</h3>
          <ul className="gaps">
            {gaps.open_nonconformities.items.map((n) => (
              <li key={n.id}>
                <strong>{n.reference}</strong> {n.title} <span className="badge">{humanize(n.severity)}</span>
              </li>
            ))}
            <Omitted omitted={gaps.open_nonconformities.omitted} />
          </ul>
        </div>
      </div>
      <p>
        {Object.entries(readiness.status_counts)
          .map(([status, count]) => `${humanize(status)}: ${count}`)
          .join(' · ')}
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
