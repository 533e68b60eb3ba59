import { Options } from '../components/Options.js';
import { helpText, humanize } from '../format.js';
import { RecordPicker } from './RecordPicker.js';
import { type FormField, fieldLabel } from './registry.js';
import { type Raw, type RawRow, rawOf } from './values.js';

/** One form field: its label, widget, help text and the server's error for it, linked for screen readers. */
export function FieldInput({
  field,
  value,
  onChange,
  error,
  organizationId,
  idPrefix,
}: {
  field: FormField;
  value: Raw;
  onChange: (value: Raw) => void;
  error?: string | undefined;
  organizationId: string;
  idPrefix: string;
}) {
  const id = `${idPrefix}${field.name}`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = error ? `${errorId} ${helpId}` : helpId;
  // A picker is named after what it picks: `vendor_id` → Vendor, `measure_ids` → Measures.
  const title = fieldLabel(field.name);
  const label = `${title}${field.required ? ' (required)' : ''}`;
  const common = {
    id,
    name: field.name,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    // The browser knows what is required and the limits; the form still words the messages itself.
    required: (field.required && field.kind !== 'boolean') || undefined,
  };
  const help = (
    <span id={helpId} className="field-help">
      {helpText(field.description)}
      {bounds(field)}
    </span>
  );
  const note = error && (
    <span id={errorId} className="field-error">
      {error}
    </span>
  );

  if (field.kind === 'boolean') {
    return (
      <div className="field">
        <label className="choice" htmlFor={id}>
          <input
            type="checkbox"
            {...common}
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
          />
          {humanize(field.name)}
        </label>
        {help}
        {note}
      </div>
    );
  }
  if (field.kind === 'enums') {
    const picked = value as string[];
    return (
      <fieldset className="field" aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
        <legend>{label}</legend>
        {(field.values ?? []).map((v) => (
          <label key={v} className="choice">
            <input
              type="checkbox"
              checked={picked.includes(v)}
              onChange={(e) => onChange(e.target.checked ? [...picked, v] : picked.filter((p) => p !== v))}
            />
            {humanize(v)}
          </label>
        ))}
        {help}
        {note}
      </fieldset>
    );
  }
  if (field.kind === 'objects' || field.kind === 'object') {
    const rows = field.kind === 'object' ? [value as RawRow] : (value as RawRow[]);
    const sub = field.fields ?? [];
    const setRow = (index: number, row: RawRow) => {
      if (field.kind === 'object') onChange(row);
      else onChange(rows.map((r, i) => (i === index ? row : r)));
    };
    return (
      <fieldset className="field" aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
        <legend>{label}</legend>
        {help}
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
          <fieldset key={index} className="group-row">
            <legend>
              {humanize(field.name)} {index + 1}
            </legend>
            {sub.map((f) => (
              <FieldInput
                key={f.name}
                field={f}
                value={row[f.name] ?? rawOf(f, undefined)}
                onChange={(v) => setRow(index, { ...row, [f.name]: v })}
                organizationId={organizationId}
                idPrefix={`${id}-${index}-`}
              />
            ))}
            {field.kind === 'objects' && (
              <button
                type="button"
                className="secondary"
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                Remove {humanize(field.name).toLowerCase()} {index + 1}
              </button>
            )}
          </fieldset>
        ))}
        {field.kind === 'objects' && (
          <button
            type="button"
            className="secondary"
            onClick={() =>
              onChange([...rows, Object.fromEntries(sub.map((f) => [f.name, rawOf(f, undefined)]))])
            }
          >
            Add {humanize(field.name).toLowerCase()}
          </button>
        )}
        {note}
      </fieldset>
    );
  }

  let control: React.ReactNode;
  if ((field.kind === 'id' || field.kind === 'ids') && field.references) {
    control = (
      <RecordPicker
        organizationId={organizationId}
        register={field.references}
        id={id}
        value={value as string | string[]}
        multiple={field.kind === 'ids'}
        onChange={onChange}
        describedBy={describedBy}
        invalid={Boolean(error)}
        required={field.required}
      />
    );
  } else if (field.kind === 'enum') {
    control = (
      <select {...common} value={String(value)} onChange={(e) => onChange(e.target.value)}>
        {(!field.required || value === '') && (
          <option value="">{field.required ? 'Choose…' : '— None —'}</option>
        )}
        <Options values={field.values ?? []} />
      </select>
    );
  } else if (field.kind === 'textarea' || field.kind === 'strings') {
    control = (
      <textarea
        {...common}
        maxLength={field.maxLength}
        value={String(value)}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else {
    control = (
      <input
        {...common}
        type={INPUT_TYPES[field.kind] ?? 'text'}
        min={field.min}
        max={field.max}
        maxLength={field.maxLength}
        step={field.kind === 'number' ? 'any' : undefined}
        value={String(value)}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control}
      {help}
      {note}
    </div>
  );
}

const INPUT_TYPES: Record<string, string> = {
  integer: 'number',
  number: 'number',
  date: 'date',
  'date-time': 'datetime-local',
  url: 'url',
  email: 'email',
  id: 'text',
  ids: 'text',
};

function bounds(field: FormField): string {
  const parts: string[] = [];
  if (field.min !== undefined && field.max !== undefined) parts.push(`${field.min} to ${field.max}`);
  else if (field.min !== undefined) parts.push(`at least ${field.min}`);
  else if (field.max !== undefined) parts.push(`at most ${field.max}`);
  if (field.maxLength !== undefined && field.kind !== 'textarea')
    parts.push(`up to ${field.maxLength} characters`);
  if (field.kind === 'strings') parts.push('one per line');
  if (field.kind === 'ids') parts.push('hold Ctrl or ⌘ to pick several');
  return parts.length ? ` (${parts.join('; ')})` : '';
}
