import { useEffect, useState } from 'react';
import { actionLabel, sourceLabel } from '../activity/format.js';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { ListTable } from '../components/ListTable.js';
import { formatTime } from '../format.js';
import type { AuditEntry } from '../types.js';
import { changedKeys, showValue } from './history.js';
import { fieldLabel } from './registry.js';

/** The record's own history from the audit log, newest first. */
export function RecordHistory({ organizationId, recordId }: { organizationId: string; recordId: string }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    api<{ entries: AuditEntry[] }>(
      `/orgs/${organizationId}/activity?record_id=${recordId}&page_size=50`,
    ).then((r) => setEntries(r.entries), setError);
  }, [organizationId, recordId]);
  // The activity route names each actor (an auditor, who cannot list the members, reads the same).
  const who = (entry: AuditEntry) => {
    if (entry.actor_name) return entry.actor_name;
    return entry.token_id ? 'API token' : entry.actor_user_id ? 'Former member' : 'System';
  };
  return (
    <section className="stack" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <ErrorNote error={error} />
      {entries && entries.length === 0 && <p className="hint">No history recorded.</p>}
      {entries && entries.length > 0 && (
        <ListTable
          caption="History of this record"
          hiddenCaption
          columns={['When', 'Who', 'Action', 'Changes']}
        >
          {entries.map((e) => {
            const keys = changedKeys(e);
            return (
              <tr key={e.id}>
                <td>{formatTime(e.at)}</td>
                <td>
                  {who(e)} <span className="hint">via {sourceLabel(e.source)}</span>
                </td>
                <td>{actionLabel(e.action)}</td>
                <td>
                  {e.before === null
                    ? 'Created'
                    : keys.map((k) => (
                        <div key={k}>
                          {fieldLabel(k)}: {showValue({ field: k, value: e.before?.[k] })} →{' '}
                          {showValue({ field: k, value: e.after?.[k] })}
                        </div>
                      ))}
                </td>
              </tr>
            );
          })}
        </ListTable>
      )}
    </section>
  );
}
