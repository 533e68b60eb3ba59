import type { ReactNode } from 'react';
import { Link } from '../components/Link.js';
import { formatDate, formatTime } from '../format.js';
import { Chip } from './Chip.js';
import { FieldValue } from './FieldValue.js';
import { fieldLabel, linkPath, recordTitle } from './registry.js';

type Row = Record<string, unknown>;

/** A measure's evidence: each item a link (when it has a URL) with when it was collected and until when it holds. */
export function EvidenceList({ evidence }: { evidence: Row[] }) {
  return (
    <section className="card stack" aria-labelledby="evidence-heading">
      <h2 id="evidence-heading">Evidence</h2>
      {evidence.length === 0 ? (
        <p className="hint">No evidence yet.</p>
      ) : (
        <ul className="record-list">
          {evidence.map((e) => (
            <li key={String(e.id ?? e.title)}>
              {typeof e.url === 'string' && e.url ? (
                <a href={e.url} rel="noopener noreferrer" target="_blank">
                  {String(e.title)}
                </a>
              ) : (
                <span>{String(e.title)}</span>
              )}
              <span className="hint">
                collected {formatTime(e.collected_at as string | null)} · valid until{' '}
                {formatDate(e.valid_until as string | null)}
              </span>
              {e.expired === true ? (
                <Chip value="EXPIRED" label="Expired" />
              ) : (
                <Chip value="ACTIVE" label="Current" />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One block of linked records: a heading with the count, then the list, or "None." */
export function LinkedBlock({
  heading,
  count,
  children,
}: {
  heading: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <div className="stack">
      <h3>
        {heading} ({count})
      </h3>
      {count === 0 ? <p className="hint">None.</p> : children}
    </div>
  );
}

/** A measure's controls, each linking to its framework's coverage page. */
export function ControlList({ controls, organizationId }: { controls: Row[]; organizationId: string }) {
  return (
    <LinkedBlock heading="Controls" count={controls.length}>
      <ul className="record-list">
        {controls.map((c) => (
          <li key={`${c.framework_id}/${c.control_code}`}>
            <span>{String(c.control_code)}</span>
            <span className="hint">
              in <FieldValue name="framework_id" value={c.framework_id} organizationId={organizationId} />
            </span>
          </li>
        ))}
      </ul>
    </LinkedBlock>
  );
}

/** The record's own links to other registers (`measure_ids`), each record with its state. */
export function OwnLinks({
  name,
  ids,
  organizationId,
}: {
  name: string;
  ids: string[];
  organizationId: string;
}) {
  return (
    <LinkedBlock heading={fieldLabel(name)} count={ids.length}>
      <ul className="record-list">
        {ids.map((id) => (
          <li key={id}>
            <FieldValue name={name.replace(/s$/, '')} value={id} organizationId={organizationId} />
          </li>
        ))}
      </ul>
    </LinkedBlock>
  );
}

/** A list of records with their state chip, linking to each (records pointing to this one). */
export function RecordRows({ register, records }: { register: string; records: Row[] }) {
  return (
    <ul className="record-list">
      {records.map((r) => {
        const state = ['status', 'state', 'severity'].map((k) => r[k]).find((v) => typeof v === 'string');
        return (
          <li key={String(r.id)}>
            <Link to={linkPath(register, String(r.id))}>{recordTitle(r)}</Link>
            {typeof state === 'string' && <Chip value={state} />}
          </li>
        );
      })}
    </ul>
  );
}
