import { useEffect, useState } from 'react';
import { actionLabel, sourceLabel } from '../activity/format.js';
import { api } from '../api.js';
import { formatTime, humanize } from '../format.js';
import type { AuditEntry, MemberRow } from '../types.js';
import { changedKeys, showValue } from './history.js';

/**
 * A stale edit: who changed the record since it was read, and what (its latest audit entry), with
 * an offer to reload it (the edits in the form are then discarded).
 */
export function ConflictNote({
  organizationId,
  recordId,
  onReload,
}: {
  organizationId: string;
  recordId: string;
  onReload?: (() => void) | undefined;
}) {
  const [entry, setEntry] = useState<AuditEntry | null>(null);
  const [who, setWho] = useState<string>('Someone');
  useEffect(() => {
    api<{ entries: AuditEntry[] }>(`/orgs/${organizationId}/activity?record_id=${recordId}&page_size=1`).then(
      async ({ entries }) => {
        const latest = entries[0] ?? null;
        setEntry(latest);
        if (latest?.actor_user_id) {
          const { members } = await api<{ members: MemberRow[] }>(`/orgs/${organizationId}/members`);
          const member = members.find((m) => m.user_id === latest.actor_user_id);
          if (member) setWho(member.name ? `${member.name} (${member.email})` : member.email);
        } else if (latest) setWho(`An API token (${latest.source})`);
      },
      () => undefined,
    );
  }, [organizationId, recordId]);
  const keys = entry ? changedKeys(entry) : [];
  return (
    <div className="conflict" role="alert">
      <p>
        <strong>This record was changed after you opened it.</strong>{' '}
        {entry
          ? `${who} changed it at ${formatTime(entry.at)} (${actionLabel(entry.action)}, via ${sourceLabel(entry.source)}).`
          : 'Loading who changed it…'}
      </p>
      {keys.length > 0 && (
        <ul className="inline-list">
          {keys.map((k) => (
            <li key={k}>
              {humanize(k)}: {showValue({ field: k, value: entry?.before?.[k] })} →{' '}
              {showValue({ field: k, value: entry?.after?.[k] })}
            </li>
          ))}
        </ul>
      )}
      <p>Your changes were not saved. Reload the record to see the current version, then edit again.</p>
      {onReload && (
        <button type="button" onClick={onReload}>
          Reload the record
        </button>
      )}
    </div>
  );
}
