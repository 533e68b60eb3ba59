import { useCallback, useEffect, useState } from 'react';
import { api, writeThenReload } from '../api.js';
import { formatDate, humanize } from '../format.js';
import type { Invitation } from '../types.js';
import { ErrorNote } from './ErrorNote.js';
import { ListTable } from './ListTable.js';

/** The organization's pending invitations, each with a Withdraw button; reloads when `version` changes. */
export function PendingInvitations({ base, version }: { base: string; version: number }) {
  const [invitations, setInvitations] = useState<Invitation[]>([]);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(() => {
    api<{ invitations: Invitation[] }>(`${base}/invitations`).then(
      (r) => setInvitations(r.invitations),
      setError,
    );
  }, [base]);
  useEffect(() => {
    void version;
    load();
  }, [load, version]);
  if (invitations.length === 0 && !error) return null;
  const withdraw = (id: string) =>
    writeThenReload(() => api(`${base}/invitations/${id}`, { method: 'DELETE' }), { reload: load, setError });
  return (
    <>
      <ErrorNote error={error} />
      <ListTable caption="Pending invitations" columns={['Email', 'Role', 'Expires']} actions>
        {invitations.map((invitation) => (
          <tr key={invitation.id}>
            <td>{invitation.email}</td>
            <td>
              {humanize(invitation.role)}
              {invitation.access_expires_at && (
                <span className="hint"> until {formatDate(invitation.access_expires_at)}</span>
              )}
            </td>
            <td>{formatDate(invitation.expires_at)}</td>
            <td>
              <button type="button" className="secondary" onClick={() => withdraw(invitation.id)}>
                Withdraw
              </button>
            </td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
