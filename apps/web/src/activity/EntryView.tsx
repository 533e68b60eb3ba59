import { formatTime, humanize } from '../format.js';
import { plural } from '../plural.js';
import { actionLabel, changesOf, sourceLabel } from './format.js';
import type { ActivityEntry } from './types.js';

/** Who did it, through what: `Olivia (olivia@…) via token "Claude Desktop"`. */
export function whoText(entry: ActivityEntry): string {
  const who = entry.actor_name ?? (entry.actor_user_id ? 'A former member' : 'The system');
  const via = entry.token_name
    ? `token “${entry.token_name}”`
    : entry.token_id
      ? 'a deleted token'
      : sourceLabel(entry.source);
  return `${who} via ${via}`;
}

/** The record an entry is about: its name (now, or as last recorded) and type. */
export function RecordName({ entry }: { entry: ActivityEntry }) {
  return (
    <span>
      {humanize(entry.record_type)}{' '}
      <strong title={entry.record_id}>{entry.record_name ?? entry.record_id}</strong>
    </span>
  );
}

/** The change table: before → after of the fields an update changed, or what a record was created with. */
export function ChangeTable({ entry }: { entry: ActivityEntry }) {
  const changes = changesOf(entry);
  const update = entry.before !== null && entry.after !== null;
  if (changes.length === 0) return <p className="hint">No field changed.</p>;
  return (
    <table className="diff">
      <caption className="visually-hidden">
        {update ? 'Changed fields' : entry.after ? 'Values it was created with' : 'Values it held'}
      </caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          {update ? (
            <>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </>
          ) : (
            <th scope="col">Value</th>
          )}
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.field}>
            <th scope="row">{humanize(c.field)}</th>
            {update ? (
              <>
                <td className="before">{c.before}</td>
                <td className="after">
                  <span aria-hidden="true">→ </span>
                  {c.after}
                </td>
              </>
            ) : (
              <td>{c.after ?? c.before}</td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function summaryText(entry: ActivityEntry): string {
  if (entry.before && entry.after) {
    const n = changesOf(entry).length;
    return `${plural({ count: n, singular: 'field' })} changed`;
  }
  return entry.after ? 'Created' : 'Removed';
}

/** One audit entry: what happened to which record, who did it and when, and the changes. */
export function EntryView({ entry }: { entry: ActivityEntry }) {
  return (
    <li className="card">
      <div className="log-head">
        <strong>{actionLabel(entry.action)}</strong>
        <RecordName entry={entry} />
        <span className="hint">
          <time dateTime={entry.at}>{formatTime(entry.at)}</time> · {whoText(entry)}
        </span>
      </div>
      <details>
        <summary>{summaryText(entry)}</summary>
        <ChangeTable entry={entry} />
      </details>
    </li>
  );
}
