import { type FormEvent, useState } from 'react';
import { humanize } from '../format.js';
import { RecordPicker } from '../records/RecordPicker.js';
import { referencedRegister } from '../records/registry.js';
import type { RegisterInfo } from '../types.js';
import { Options } from './Options.js';

/** An `…_id` filter as a select of the referenced register's records. */
function IdFilter({
  organizationId,
  register,
  name,
  current,
  description,
}: {
  organizationId: string;
  register: string;
  name: string;
  current: string;
  description: string;
}) {
  const [value, setValue] = useState(current);
  const id = `f-${name}`;
  return (
    <div className="id-filter" title={description}>
      <label htmlFor={id}>{humanize(name.replace(/_id$/, ''))}</label>
      <RecordPicker
        organizationId={organizationId}
        register={register}
        id={id}
        name={name}
        value={value}
        onChange={(v) => setValue(String(v))}
      />
    </div>
  );
}

/** The list tool's filters as form fields; submits the non-empty ones as query values. */
export function FilterForm({
  info,
  organizationId,
  values,
  onApply,
}: {
  info: RegisterInfo;
  organizationId: string;
  values: Record<string, string>;
  onApply: (values: Record<string, string>) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    for (const filter of info.filters) {
      const all = form.getAll(filter.name).map(String).filter(Boolean);
      if (all.length) next[filter.name] = all.join(',');
    }
    const order = String(form.get('order_field') ?? '');
    if (order) next.order_by = `${order}:${String(form.get('order_direction') ?? 'asc')}`;
    onApply(next);
  };
  // With no order asked for, the controls show the default order the list is answered in.
  const [orderField, orderDirection] = (
    values.order_by ??
    (info.default_order ? `${info.default_order.field}:${info.default_order.direction}` : '')
  ).split(':');
  return (
    <form className="filters card" onSubmit={submit} aria-label="Filters">
      {info.filters.map((f) => {
        const id = `f-${f.name}`;
        const current = values[f.name] ?? '';
        const references = f.type === 'string' ? referencedRegister(f.name) : undefined;
        if (references) {
          return (
            <IdFilter
              key={f.name}
              organizationId={organizationId}
              register={references}
              name={f.name}
              current={current}
              description={f.description}
            />
          );
        }
        if (f.type === 'set' && f.values) {
          const picked = current.split(',');
          return (
            <fieldset key={f.name} title={f.description}>
              <legend>{humanize(f.name)}</legend>
              {f.values.map((v) => (
                <label key={v} className="choice">
                  <input type="checkbox" name={f.name} value={v} defaultChecked={picked.includes(v)} />
                  {humanize(v)}
                </label>
              ))}
            </fieldset>
          );
        }
        if (f.type === 'boolean') {
          return (
            <label key={f.name} htmlFor={id} title={f.description}>
              {humanize(f.name)}
              <select id={id} name={f.name} defaultValue={current}>
                <option value="">Any</option>
                <option value="true">Yes</option>
                <option value="false">No</option>
              </select>
            </label>
          );
        }
        return (
          <label key={f.name} htmlFor={id} title={f.description}>
            {humanize(f.name)}
            <input
              id={id}
              name={f.name}
              defaultValue={current}
              type={f.type === 'date' ? 'date' : f.type === 'integer' ? 'number' : 'text'}
            />
          </label>
        );
      })}
      <label>
        Order by
        <select name="order_field" defaultValue={orderField ?? ''}>
          {!info.default_order && <option value="">Default</option>}
          <Options values={info.order_fields} />
        </select>
      </label>
      <label>
        Direction
        <select name="order_direction" defaultValue={orderDirection ?? 'asc'}>
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </select>
      </label>
      <div className="actions">
        <button type="submit">Apply filters</button>
        <button type="reset" className="secondary" onClick={() => onApply({})}>
          Clear
        </button>
      </div>
    </form>
  );
}
