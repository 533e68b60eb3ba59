import { bar, type Data, h, startView } from './shared.js';

/** One "needs attention" group: a heading with its count and the items, or nothing when empty. */
function group(title: string, items: Data[], line: (item: Data) => (Node | string)[]): HTMLElement | null {
  if (items.length === 0) return null;
  const id = `g-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return h(
    'section',
    { 'aria-labelledby': id },
    h('h2', { id }, `${title} (${items.length})`),
    h('ul', null, ...items.map((item) => h('li', null, ...line(item)))),
  );
}

const owner = (o: string | null | undefined) => (o ? h('span', { class: 'muted' }, ` · ${o}`) : '');

/** The compliance report's needs-attention list (getComplianceReport), most pressing first. */
startView('attention', ({ data, root }) => {
  const groups = [
    group('High-priority risks', data.risks.high_priority.items ?? [], (r) => [
      h('b', null, r.name),
      ` · residual ${r.residual_score}`,
      owner(r.owner),
    ]),
    group('Overdue nonconformities', data.nonconformities.overdue.items ?? [], (n) => [
      h('b', null, `${n.reference} ${n.title}`),
      ` · ${n.severity.toLowerCase()} · due ${n.due_date}`,
    ]),
    group('Overdue obligations', data.obligations.overdue.items ?? [], (o) => [
      h('b', null, o.title),
      ` · due ${o.due_date}`,
      owner(o.owner),
    ]),
    group('Expired evidence', data.evidence.expired.items ?? [], (e) => [
      h('b', null, e.measure_name),
      `: ${e.evidence_title} expired ${e.valid_until}`,
    ]),
    group('Evidence expiring soon', data.evidence.expiring.items ?? [], (e) => [
      h('b', null, e.measure_name),
      `: ${e.evidence_title} valid until ${e.valid_until}`,
    ]),
    group('Vendor reviews overdue', data.vendors.review_overdue.items ?? [], (v) => [
      h('b', null, v.name),
      ` · review was due ${v.next_review_due}`,
    ]),
    group('Vendors never reviewed', data.vendors.never_reviewed.items ?? [], (v) => [h('b', null, v.name)]),
    group('Upcoming audits', data.audits.upcoming.items ?? [], (a) => [
      h('b', null, a.name),
      ` · starts ${a.start_date}`,
    ]),
  ].filter((g): g is HTMLElement => g !== null);
  root.append(
    h('h1', null, 'Needs attention'),
    h('p', { class: 'muted' }, `Report of ${new Date(data.generated_at).toLocaleString()}`),
  );
  if (groups.length === 0) root.append(h('p', { class: 'ok' }, 'Nothing needs attention.'));
  root.append(...groups);
  if (data.frameworks.length > 0) {
    root.append(
      h('h2', { id: 'coverage' }, 'Framework coverage'),
      h(
        'table',
        { 'aria-labelledby': 'coverage' },
        h(
          'tbody',
          null,
          ...data.frameworks.map((f: Data) =>
            h(
              'tr',
              null,
              h('th', { scope: 'row' }, f.name),
              h('td', { class: 'num' }, `${f.coverage_percent}%`),
              h('td', null, bar(f.coverage_percent, f.name)),
            ),
          ),
        ),
      ),
    );
  }
});
