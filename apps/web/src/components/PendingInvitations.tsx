import { useCallback, useEffect, useState } from 'react';
import { api } from '../api.js';
import { formatDate, humanize } from '../format.js';
import type { Invitation } from '../types.js';
import { ErrorNote } from './ErrorNote.js';

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
  const withdraw = async (id: string) => {
    setError(null);
    try {
      await api(`${base}/invitations/${id}`, { method: 'DELETE' });
      load();
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <div className="table-wrap">
      <ErrorNote error={error} />
      <table>
        <caption>Pending invitations</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Expires</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </div>
  );
}
