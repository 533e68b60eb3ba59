import { type Data, h, startView, type ViewContext } from './shared.js';

const MAX_RISKS = 2000;
type Kind = 'inherent' | 'residual';

/** The band of a score on the 5×5 scale: 1 low … 4 critical (above 15 is high priority). */
const band = (score: number) => (score > 15 ? 4 : score >= 10 ? 3 : score >= 5 ? 2 : 1);
const BAND = ['', 'low', 'medium', 'high', 'critical'];

/**
 * The risk heat map (listRisks): inherent and residual likelihood × impact grids side by side; a
 * cell lists its risks. Further pages of the same listing are read through the host.
 */
startView('risk-heat-map', async (view) => {
  const { data, root } = view;
  const risks: Data[] = [...data.risks];
  const status = h('p', { class: 'muted', 'aria-live': 'polite' });
  root.append(h('h1', null, 'Risk heat map'), status);
  let cursor: string | null = data.next_cursor;
  try {
    while (cursor && risks.length < MAX_RISKS) {
      status.textContent = `Reading risks… ${risks.length} of ${data.total_count}`;
      const page = await view.call('listRisks', { ...view.input, cursor, page_size: 100 });
      risks.push(...page.risks);
      cursor = page.next_cursor;
    }
  } catch (error) {
    status.className = 'error';
    status.textContent = `Only ${risks.length} risks read: ${(error as Error).message}`;
  }
  if (!status.classList.contains('error')) {
    status.textContent = `${risks.length} risks${cursor ? ` (the first ${MAX_RISKS} of ${data.total_count})` : ''}; select a cell to list its risks.`;
  }
  const list = h('section', { class: 'detail', id: 'cell-risks', 'aria-live': 'polite', hidden: true });
  const maps = h(
    'div',
    { class: 'maps' },
    grid(view, risks, 'inherent', list),
    grid(view, risks, 'residual', list),
  );
  root.append(maps, list);
});

function grid(_view: ViewContext, risks: Data[], kind: Kind, list: HTMLElement): HTMLElement {
  const title = kind === 'inherent' ? 'Inherent (before measures)' : 'Residual (with measures)';
  const id = `map-${kind}`;
  const cells: Node[] = [];
  for (let likelihood = 5; likelihood >= 1; likelihood--) {
    cells.push(h('span', { class: 'axis', 'aria-hidden': 'true' }, likelihood));
    for (let impact = 1; impact <= 5; impact++) {
      const inCell = risks.filter(
        (r) => r[`${kind}_likelihood`] === likelihood && r[`${kind}_impact`] === impact,
      );
      const score = likelihood * impact;
      const label = `${kind} likelihood ${likelihood}, impact ${impact} (${BAND[band(score)]}): ${inCell.length} risk${inCell.length === 1 ? '' : 's'}`;
      cells.push(
        h(
          'button',
          {
            class: `cell s${band(score)}${inCell.length === 0 ? ' empty' : ''}`,
            'aria-label': label,
            'aria-pressed': 'false',
            'aria-controls': 'cell-risks',
            title: label,
            onclick: (event: Event) => {
              for (const b of document.querySelectorAll('.cell[aria-pressed="true"]'))
                b.setAttribute('aria-pressed', 'false');
              (event.currentTarget as HTMLElement).setAttribute('aria-pressed', 'true');
              showCell(list, kind, likelihood, impact, inCell);
            },
          },
          inCell.length || '·',
        ),
      );
    }
  }
  cells.push(
    h('span', null),
    ...[1, 2, 3, 4, 5].map((i) => h('span', { class: 'axis', 'aria-hidden': 'true' }, i)),
  );
  return h(
    'section',
    { 'aria-labelledby': id },
    h('h2', { id }, title),
    h('p', { class: 'muted' }, 'Rows: likelihood 5 → 1; columns: impact 1 → 5.'),
    h('div', { class: 'grid', role: 'group', 'aria-label': `${kind} heat map` }, ...cells),
  );
}

function showCell(list: HTMLElement, kind: Kind, likelihood: number, impact: number, risks: Data[]) {
  list.hidden = false;
  const heading = `${kind === 'inherent' ? 'Inherent' : 'Residual'} likelihood ${likelihood} × impact ${impact}: ${risks.length} risk${risks.length === 1 ? '' : 's'}`;
  list.replaceChildren(
    h('h2', null, heading),
    risks.length === 0
      ? h('p', { class: 'muted' }, 'No risk in this cell.')
      : h(
          'ul',
          { 'aria-label': heading },
          ...risks.map((r) =>
            h(
              'li',
              null,
              h('b', null, r.name),
              ` · ${r.status.toLowerCase().replace('_', ' ')} · inherent ${r.inherent_score} → residual ${r.residual_score}`,
              r.owner ? h('span', { class: 'muted' }, ` · ${r.owner}`) : null,
            ),
          ),
        ),
  );
}
