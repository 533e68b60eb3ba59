import { type Data, h, startView, type ViewContext, words } from './shared.js';

/**
 * The Statement of Applicability for review (getStatementOfApplicability). When the caller may
 * write in the organization and the current SoA is shown, a control's applicability can be changed:
 * the change goes through updateControlApplicability, so the host's consent, the token's scope and
 * the audit log apply, and a concurrent change is refused (expected_updated_at).
 */
startView('soa', (view) => {
  const { data, root, input } = view;
  const editable = data.version === null && view.canWrite(input.organization_id);
  const state = { updatedAt: data.updated_at as string | null };
  const counts = h('div', { class: 'summary' });
  const showCounts = () =>
    counts.replaceChildren(
      h('span', null, h('b', null, data.applicability_counts.APPLICABLE), ' applicable'),
      h('span', null, h('b', null, data.applicability_counts.EXCLUDED), ' excluded'),
      h('span', null, h('b', null, data.applicability_counts.UNDECIDED), ' undecided'),
      h('span', { class: 'muted' }, `of ${data.control_count} controls`),
    );
  showCounts();
  const message = h('p', { role: 'status', class: 'muted' });
  root.append(
    h('h1', null, 'Statement of Applicability'),
    h(
      'p',
      { class: 'muted' },
      data.version !== null
        ? `Approved version ${data.version} (read only).`
        : data.approved
          ? `Current draft; version ${data.approved.version} approved ${data.approved.approved_at.slice(0, 10)}.`
          : 'Current draft; not approved yet.',
      editable ? '' : data.version === null ? ' Your access is read only.' : '',
    ),
    counts,
    message,
  );
  const body = h('tbody');
  const table = h(
    'table',
    { 'aria-label': 'Controls' },
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        h('th', { scope: 'col' }, 'Control'),
        h('th', { scope: 'col' }, 'Applicability'),
        h('th', { scope: 'col', class: 'hide-narrow' }, 'Status'),
        h('th', { scope: 'col' }, 'Justification'),
        editable ? h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Edit')) : null,
      ),
    ),
    body,
  );
  root.append(h('div', { class: 'scroll' }, table));
  const addRows = (controls: Data[]) => {
    for (const control of controls)
      body.append(row(view, control, editable, state, message, data, showCounts));
  };
  addRows(data.controls);
  let cursor: string | null = data.next_cursor;
  if (cursor) {
    const more: HTMLButtonElement = h(
      'button',
      {
        onclick: async () => {
          more.disabled = true;
          try {
            const page = await view.call('getStatementOfApplicability', { ...input, cursor });
            addRows(page.controls);
            cursor = page.next_cursor;
            more.hidden = !cursor;
          } catch (error) {
            message.className = 'error';
            message.textContent = (error as Error).message;
          }
          more.disabled = false;
        },
      },
      'Show more controls',
    ) as HTMLButtonElement;
    root.append(more);
  }
});

function row(
  view: ViewContext,
  control: Data,
  editable: boolean,
  state: { updatedAt: string | null },
  message: HTMLElement,
  data: Data,
  showCounts: () => void,
): HTMLElement {
  const applicability = h('span', { class: 'tag' }, words(control.applicability));
  const justification = h('span', null, control.justification ?? '');
  const tr = h(
    'tr',
    null,
    h('th', { scope: 'row' }, `${control.code} `, h('span', { class: 'muted' }, control.title)),
    h('td', null, applicability),
    h('td', { class: 'hide-narrow' }, words(control.status)),
    h('td', null, justification),
  );
  if (!editable) return tr;
  const edit = h('button', { 'aria-label': `Edit ${control.code}`, 'aria-expanded': 'false' }, 'Edit');
  const cell = h('td', null, edit);
  tr.append(cell);
  edit.addEventListener('click', () => {
    if (cell.querySelector('form')) return;
    edit.setAttribute('aria-expanded', 'true');
    const name = `app-${control.code}`;
    const yes = h('input', {
      type: 'radio',
      name,
      value: 'yes',
      checked: control.applicability !== 'EXCLUDED',
    });
    const no = h('input', {
      type: 'radio',
      name,
      value: 'no',
      checked: control.applicability === 'EXCLUDED',
    });
    const reason = h('textarea', { 'aria-label': `Justification ${control.code}` }) as HTMLTextAreaElement;
    reason.value = control.justification ?? '';
    const form = h(
      'form',
      { class: 'edit', 'aria-label': `Applicability of ${control.code}` },
      h(
        'fieldset',
        null,
        h('legend', null, `Is ${control.code} applicable?`),
        h('label', null, yes, ' Applicable'),
        ' ',
        h('label', null, no, ' Excluded'),
      ),
      reason,
      // Buttons, not a submission: a host's sandbox may not allow forms.
      h(
        'div',
        null,
        h('button', { type: 'button', onclick: () => save() }, `Save ${control.code}`),
        ' ',
        h('button', { type: 'button', onclick: () => close() }, 'Cancel'),
      ),
    );
    const close = () => {
      form.remove();
      edit.setAttribute('aria-expanded', 'false');
      edit.focus();
    };
    form.addEventListener('submit', (event) => event.preventDefault());
    const save = async () => {
      const applicable = (yes as HTMLInputElement).checked;
      try {
        const result = await view.call('updateControlApplicability', {
          organization_id: view.input.organization_id,
          framework_id: data.framework_id,
          controls: [{ code: control.code, applicable, justification: reason.value.trim() || null }],
          ...(state.updatedAt && { expected_updated_at: state.updatedAt }),
        });
        state.updatedAt = result.updated_at;
        const next = applicable ? 'APPLICABLE' : 'EXCLUDED';
        data.applicability_counts[control.applicability] -= 1;
        data.applicability_counts[next] += 1;
        control.applicability = next;
        control.justification = reason.value.trim() || null;
        applicability.textContent = words(next);
        justification.textContent = control.justification ?? '';
        showCounts();
        message.className = 'ok';
        message.textContent = `Saved ${control.code} as ${words(next)}.`;
        close();
      } catch (error) {
        message.className = 'error';
        message.textContent = (error as Error).message;
      }
    };
    cell.append(form);
    (yes as HTMLInputElement).focus();
  });
  return tr;
}
