import { useCallback, useEffect, useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { EvidenceValiditySetting } from '../components/EvidenceValiditySetting.js';
import { InviteForm } from '../components/InviteForm.js';
import { PendingInvitations } from '../components/PendingInvitations.js';
import { SecondFactorRule } from '../components/SecondFactorRule.js';
import { formatDate, humanize } from '../format.js';
import type { Me, MemberRow, Organization, Role } from '../types.js';

const ROLES: Role[] = ['OWNER', 'ADMIN', 'EDITOR', 'VIEWER'];

/** Organization members; owners invite by email, change roles and remove; owners and admins set the evidence validity. */
export function MembersPage({ organization, me }: { organization: Organization; me: Me }) {
  const [members, setMembers] = useState<MemberRow[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [invited, setInvited] = useState(0);
  const isOwner = organization.role === 'OWNER';
  const base = `/orgs/${organization.id}/members`;

  const load = useCallback(() => {
    api<{ members: MemberRow[] }>(base).then((r) => setMembers(r.members), setError);
  }, [base]);
  useEffect(load, [load]);

  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
      load();
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <section className="stack">
      <h1>Members of {organization.name}</h1>
      {isOwner && (
        <>
          <InviteForm base={`/orgs/${organization.id}`} onInvited={() => setInvited((n) => n + 1)} />
          <PendingInvitations base={`/orgs/${organization.id}`} version={invited} />
        </>
      )}
      {(isOwner || organization.role === 'ADMIN') && <EvidenceValiditySetting organization={organization} />}
      {isOwner && <SecondFactorRule organization={organization} />}
      <ErrorNote error={error} />
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">Members</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Member since</th>
              {isOwner && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.user_id}>
                <td>
                  {m.email}
                  {m.user_id === me.user.id && <span className="hint"> (you)</span>}
                </td>
                <td>{m.name ?? '—'}</td>
                <td>
                  {isOwner ? (
                    <select
                      aria-label={`Role of ${m.email}`}
                      value={m.role}
                      onChange={(e) =>
                        act(() =>
                          api(`${base}/${m.user_id}`, { method: 'PATCH', body: { role: e.target.value } }),
                        )
                      }
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {humanize(r)}
                        </option>
                      ))}
                    </select>
                  ) : (
                    humanize(m.role)
                  )}
                </td>
                <td>{formatDate(m.created_at)}</td>
                {isOwner && (
                  <td>
                    {confirming === m.user_id ? (
                      <fieldset className="confirm" aria-label={`Confirm removing ${m.email}`}>
                        <button
                          type="button"
                          className="danger"
                          onClick={() => act(() => api(`${base}/${m.user_id}`, { method: 'DELETE' }))}
                        >
                          Remove now
                        </button>
                        <button type="button" className="secondary" onClick={() => setConfirming(null)}>
                          Keep
                        </button>
                      </fieldset>
                    ) : (
                      <button type="button" className="secondary" onClick={() => setConfirming(m.user_id)}>
                        Remove
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
