import { useEffect, useState } from 'react';
import { api, toQuery } from '../api.js';
import type { ListPage } from '../types.js';
import { recordTitle } from './registry.js';

const LIMIT = 100;

/**
 * A select of the records of `register` (the first 100 in the list's default order; a search box
 * narrows them when there are more). `multiple` picks a set. Ids already chosen stay listed.
 */
export function RecordPicker({
  organizationId,
  register,
  id,
  name,
  value,
  multiple,
  onChange,
  describedBy,
  invalid,
  required,
  filters,
}: {
  organizationId: string;
  register: string;
  /** List filters (e.g. `{ kind: 'FILE' }`), as the register's list takes them. */
  filters?: Record<string, string>;
  id: string;
  name?: string;
  value: string | string[];
  multiple?: boolean;
  onChange: (value: string | string[]) => void;
  describedBy?: string | undefined;
  invalid?: boolean;
  required?: boolean;
}) {
  const [query, setQuery] = useState('');
  const [records, setRecords] = useState<Record<string, unknown>[]>([]);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  const filterKey = JSON.stringify(filters ?? {});
  useEffect(() => {
    const timer = setTimeout(
      () => {
        api<ListPage>(
          `/orgs/${organizationId}/registers/${register}${toQuery({ ...(JSON.parse(filterKey) as Record<string, string>), page_size: String(LIMIT), query: query || undefined })}`,
        ).then(
          (page) => {
            setRecords((page[register] as Record<string, unknown>[] | undefined) ?? []);
            setTotal(page.total_count);
            setFailed(false);
          },
          () => setFailed(true),
        );
      },
      query ? 250 : 0,
    );
    return () => clearTimeout(timer);
  }, [organizationId, register, query, filterKey]);

  const chosen = Array.isArray(value) ? value : value ? [value] : [];
  const known = new Set(records.map((r) => String(r.id)));
  const options = [
    ...records.map((r) => ({ id: String(r.id), label: recordTitle(r) })),
    ...chosen.filter((c) => !known.has(c)).map((c) => ({ id: c, label: c })),
  ];
  return (
    <span className="picker">
      {(total > LIMIT || query) && (
        <input
          type="search"
          aria-label={`Search ${register}`}
          placeholder={`Search ${register}…`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      )}
      <select
        id={id}
        name={name}
        multiple={multiple}
        size={multiple ? Math.min(8, Math.max(3, options.length)) : undefined}
        value={multiple ? chosen : (chosen[0] ?? '')}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        required={required || undefined}
        onChange={(e) =>
          onChange(multiple ? Array.from(e.target.selectedOptions, (o) => o.value) : e.target.value)
        }
      >
        {!multiple && <option value="">{required ? 'Choose…' : '— None —'}</option>}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
      {failed && <span className="error">Could not load the {register}.</span>}
    </span>
  );
}
