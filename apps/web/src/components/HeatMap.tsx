import { plural } from '../plural.js';

/** A 5×5 likelihood × impact grid with the number of risks in each cell. */
export function HeatMap({ cells, title }: { cells: number[][]; title: string }) {
  const levels = [1, 2, 3, 4, 5];
  const tone = (score: number) =>
    score > 15 ? 'critical' : score >= 10 ? 'high' : score >= 5 ? 'medium' : 'low';
  return (
    <figure className="heatmap">
      <figcaption>{title}</figcaption>
      <table>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Impact \ Likelihood</span>
            </th>
            {levels.map((l) => (
              <th key={l} scope="col">
                L{l}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...levels].reverse().map((impact) => (
            <tr key={impact}>
              <th scope="row">I{impact}</th>
              {levels.map((likelihood) => {
                const count = cells[impact - 1]?.[likelihood - 1] ?? 0;
                return (
                  <td
                    key={likelihood}
                    className={`cell ${tone(impact * likelihood)}${count ? '' : ' empty'}`}
                    title={`Likelihood ${likelihood}, impact ${impact}: ${plural({ count, singular: 'risk' })}`}
                  >
                    {count || ''}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">
        Likelihood (L) across, impact (I) up, after measures (residual). Counts every risk not closed — open,
        in treatment or accepted:{' '}
        {plural({ count: cells.flat().reduce((a, b) => a + b, 0), singular: 'risk' })}.
      </p>
    </figure>
  );
}
