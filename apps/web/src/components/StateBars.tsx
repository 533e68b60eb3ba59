import { humanize } from '../format.js';

/** One stacked bar with a legend: how many records are in each state. */
export function StateBars({ title, counts }: { title: string; counts: Record<string, number> }) {
  const entries = Object.entries(counts);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  return (
    <figure className="bars">
      <figcaption>{title}</figcaption>
      <div
        className="stack-bar"
        role="img"
        aria-label={entries.map(([k, n]) => `${humanize(k)}: ${n}`).join(', ')}
      >
        {entries.map(([state, n], i) =>
          n > 0 ? (
            <span key={state} className={`seg s${i}`} style={{ width: `${(n / (total || 1)) * 100}%` }} />
          ) : null,
        )}
        {total === 0 && <span className="seg none">No records</span>}
      </div>
      <ul className="legend">
        {entries.map(([state, n], i) => (
          <li key={state}>
            <span className={`swatch s${i}`} aria-hidden="true" /> {humanize(state)} <strong>{n}</strong>
          </li>
        ))}
      </ul>
    </figure>
  );
}
