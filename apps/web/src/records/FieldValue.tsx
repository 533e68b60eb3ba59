import { useEffect, useState } from 'react';
import { api } from '../api.js';
import { Link } from '../components/Link.js';
import { cellText, formatDate, mitigationLabel } from '../format.js';
import { CHIP_COLUMNS, Chip } from './Chip.js';
import type { RecordAddress } from './RecordPage.js';
import { fieldLabel, linkPath, recordTitle, referencedRegister } from './registry.js';

type Named = { title: string; state?: string };
const names = new Map<string, Promise<Named>>();

/** A linked record's title and state chip (fetched once per page load), falling back to its id. */
function RecordLink({ organizationId, register, id }: RecordAddress) {
  const [named, setNamed] = useState<Named>({ title: id });
  useEffect(() => {
    const key = `${organizationId}/${register}/${id}`;
    if (!names.has(key)) {
      names.set(
        key,
        api<Record<string, unknown>>(`/orgs/${organizationId}/registers/${register}/${id}`).then(
          (r) => ({
            title: recordTitle(r) || id,
            state: ['status', 'state'].map((k) => r[k]).find((v): v is string => typeof v === 'string'),
          }),
          () => ({ title: id }),
        ),
      );
    }
    names.get(key)?.then(setNamed);
  }, [organizationId, register, id]);
  return (
    <>
      <Link to={linkPath(register, id)}>{named.title}</Link>
      {named.state && (
        <>
          {' '}
          <Chip value={named.state} />
        </>
      )}
    </>
  );
}

/** Any field of a record, for the detail page: links for record ids, chips for statuses, nested groups as lists. */
export function FieldValue({
  name,
  value,
  organizationId,
}: {
  name: string;
  value: unknown;
  organizationId: string;
}) {
  const register = referencedRegister(name);
  if (register && typeof value === 'string' && value)
    return <RecordLink organizationId={organizationId} register={register} id={value} />;
  if (register && Array.isArray(value)) {
    if (value.length === 0) return <>None</>;
    return (
      <ul className="inline-list">
        {value.map((id) => (
          <li key={String(id)}>
            <RecordLink organizationId={organizationId} register={register} id={String(id)} />
          </li>
        ))}
      </ul>
    );
  }
  if (typeof value === 'string' && CHIP_COLUMNS.has(name)) return <Chip value={value} />;
  if (typeof value === 'string' && /^https?:\/\//.test(value))
    return (
      <a href={value} rel="noopener noreferrer" target="_blank">
        {value}
      </a>
    );
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return <>{formatDate(value)}</>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <>None</>;
    return (
      <ul className="inline-list">
        {value.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity of their own
          <li key={i}>
            <FieldValue name={name} value={item} organizationId={organizationId} />
          </li>
        ))}
      </ul>
    );
  }
  if (name === 'mitigation' && value && typeof value === 'object') {
    // A risk's computed mitigation: PLANNED reads "Not mitigated", not like an audit's "Planned".
    const { status, measures_total: total, measures_implemented: done } = value as Record<string, unknown>;
    return (
      <span>
        <Chip value={String(status)} label={mitigationLabel(String(status))} /> {String(done)} of{' '}
        {String(total)} measures implemented
      </span>
    );
  }
  if (value && typeof value === 'object') {
    return (
      <span>
        {Object.entries(value as Record<string, unknown>)
          .filter(([k]) => k !== 'id')
          .map(([k, v], i) => (
            <span key={k}>
              {i > 0 && '; '}
              {fieldLabel(k)}: <FieldValue name={k} value={v} organizationId={organizationId} />
            </span>
          ))}
      </span>
    );
  }
  return <>{cellText({ value, column: name })}</>;
}
