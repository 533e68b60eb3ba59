import { bar, type Data, h, startView, type ViewContext, words } from './shared.js';

/**
 * Audit readiness for a framework (getAuditReadiness): coverage by family, weakest first; the GAP
 * controls with their reasons; a control opens its measures and their evidence (listMeasures).
 */
startView('readiness', (view) => {
  const { data, root } = view;
  const fw = data.framework;
  root.append(
    h('h1', null, `Audit readiness: ${fw.name}${fw.version ? ` ${fw.version}` : ''}`),
    h(
      'div',
      { class: 'summary' },
      h('span', null, h('b', null, `${data.readiness_percent}%`), ' readiness'),
      h('span', null, h('b', null, data.state_counts.READY), ' ready'),
      h('span', null, h('b', null, data.state_counts.GAP), ' gaps'),
      h('span', null, h('b', null, data.state_counts.EXCLUDED), ' excluded'),
      h('span', { class: 'muted' }, `of ${data.control_count} controls`),
    ),
    bar(data.readiness_percent, 'Readiness'),
  );

  const detail = h('section', { class: 'detail', 'aria-live': 'polite', hidden: true, id: 'control-detail' });
  const families = [...data.families.items].sort(
    (a: Data, b: Data) => a.readiness_percent - b.readiness_percent || b.control_count - a.control_count,
  );
  root.append(
    h('h2', { id: 'families' }, 'Coverage by family, gaps first'),
    h(
      'div',
      { class: 'scroll' },
      h(
        'table',
        { 'aria-labelledby': 'families' },
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            h('th', { scope: 'col' }, 'Family'),
            h('th', { scope: 'col', class: 'num' }, 'Ready'),
            h('th', { scope: 'col', class: 'num hide-narrow' }, 'No measure'),
            h('th', { scope: 'col', class: 'num hide-narrow' }, 'Excluded'),
            h('th', { scope: 'col' }, 'Readiness'),
          ),
        ),
        h(
          'tbody',
          null,
          ...families.map((f: Data) =>
            h(
              'tr',
              null,
              h('th', { scope: 'row' }, f.family ?? 'No family'),
              h('td', { class: 'num' }, `${f.ready_count}/${f.control_count}`),
              h('td', { class: 'num hide-narrow' }, f.no_measure_count),
              h('td', { class: 'num hide-narrow' }, f.excluded_count),
              h('td', null, `${f.readiness_percent}% `, bar(f.readiness_percent, f.family ?? 'No family')),
            ),
          ),
        ),
      ),
    ),
  );
  if (data.families.omitted > 0)
    root.append(h('p', { class: 'muted' }, `${data.families.omitted} more families.`));

  const gaps = data.gaps.not_ready_controls;
  root.append(h('h2', { id: 'gaps' }, `Controls with gaps (${gaps.count})`));
  if (gaps.count === 0) root.append(h('p', { class: 'ok' }, 'No control has a gap.'));
  else {
    root.append(
      h(
        'ul',
        { 'aria-labelledby': 'gaps' },
        ...gaps.items.map((c: Data) =>
          h(
            'li',
            null,
            h(
              'button',
              {
                class: 'link',
                'aria-controls': 'control-detail',
                onclick: () => openControl(view, detail, c),
              },
              `${c.code} ${c.title}`,
            ),
            ' ',
            ...c.gap_reasons.map((r: string) => h('span', { class: 'tag' }, words(r))),
          ),
        ),
      ),
    );
    if (gaps.omitted > 0)
      root.append(h('p', { class: 'muted' }, `${gaps.omitted} more; ask for a larger top_n.`));
  }
  root.append(detail);
});

/** Shows one control's measures and their evidence, read with listMeasures through the host. */
async function openControl(view: ViewContext, detail: HTMLElement, control: Data) {
  detail.hidden = false;
  detail.replaceChildren(
    h('h2', null, `${control.code} ${control.title}`),
    h('p', { class: 'muted' }, 'Loading…'),
  );
  try {
    const measures = await view.call('listMeasures', {
      organization_id: view.input.organization_id,
      framework_id: view.data.framework.id,
      control_code: control.code,
      page_size: 100,
    });
    const items: Data[] = measures.measures;
    detail.replaceChildren(
      h('h2', null, `${control.code} ${control.title}`),
      h('p', null, 'Gaps: ', control.gap_reasons.map(words).join(', ') || 'none'),
      items.length === 0
        ? h('p', { class: 'error' }, 'No measure covers this control yet.')
        : h(
            'ul',
            { 'aria-label': `Measures of ${control.code}` },
            ...items.map((m) =>
              h(
                'li',
                null,
                h('b', null, m.name),
                ' ',
                h('span', { class: 'tag' }, words(m.state)),
                m.owner ? h('span', { class: 'muted' }, ` · ${m.owner}`) : null,
                m.evidence.length === 0
                  ? h('p', { class: 'muted' }, 'No evidence.')
                  : h(
                      'ul',
                      { 'aria-label': `Evidence of ${m.name}` },
                      ...m.evidence.map((e: Data) =>
                        h(
                          'li',
                          null,
                          e.title,
                          h(
                            'span',
                            { class: e.expired ? 'error' : 'muted' },
                            e.expired ? ` · expired ${e.valid_until}` : ` · valid until ${e.valid_until}`,
                          ),
                        ),
                      ),
                    ),
              ),
            ),
          ),
    );
  } catch (error) {
    detail.replaceChildren(h('p', { class: 'error', role: 'alert' }, (error as Error).message));
  }
}
