import { formatTime } from '../format.js';
import { plural } from '../plural.js';
import { ChangeTable, RecordName, whoText } from './EntryView.js';
import { actionLabel, batchSummary } from './format.js';
import type { ActivityEntry } from './types.js';

/** A bulk operation (seeding, a script's load) as one entry that expands to its records. */
export function BatchView({
  entries,
  reachesPageEnd,
}: {
  entries: ActivityEntry[];
  reachesPageEnd: boolean;
}) {
  const first = entries[entries.length - 1] as ActivityEntry;
  const last = entries[0] as ActivityEntry;
  return (
    <li className="card batch">
      <div className="log-head">
        <strong>
          {actionLabel(last.action)}: {plural({ count: entries.length, singular: 'record' })}
        </strong>
        <span>{batchSummary(entries)}</span>
        <span className="hint">
          <time dateTime={first.at}>{formatTime(first.at)}</time> · {whoText(last)}
          {reachesPageEnd ? ' · continues on the older page' : ''}
        </span>
      </div>
      <details>
        <summary>Show the {plural({ count: entries.length, singular: 'record' })}</summary>
        <ol className="batch-entries">
          {entries.map((entry) => (
            <li key={entry.id}>
              <details>
                <summary>
                  <RecordName entry={entry} />
                </summary>
                <ChangeTable entry={entry} />
              </details>
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}
