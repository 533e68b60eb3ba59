import { useCallback, useEffect, useState } from 'react';
import { api, writeThenReload } from '../api.js';
import { AccessEndForm } from '../components/AccessEndForm.js';
import { ConfirmButton } from '../components/ConfirmButton.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { EvidenceValiditySetting } from '../components/EvidenceValiditySetting.js';
import { InviteForm } from '../components/InviteForm.js';
import { ListTable } from '../components/ListTable.js';
import { Options } from '../components/Options.js';
import { PendingInvitations } from '../components/PendingInvitations.js';
import { SecondFactorRule } from '../components/SecondFactorRule.js';
import { formatDate, humanize } from '../format.js';
import { ROLES } from '../roles.js';
import type { Me, MemberRow, Organization } from '../types.js';

/** An auditor's end of access as a person reads it: a date, or that it has ended. */
function accessEnd(m: MemberRow): string {
  if (!m.expires_at) return '—';
  const ended = new Date(m.expires_at).getTime() <= Date.now();
  return ended ? `Ended ${formatDate(m.expires_at)}` : formatDate(m.expires_at);
}

/** Organization members; owners invite by email, change roles and remove; owners and admins set the evidence validity. */
export function MembersPage({ organization, me }: { organization: Organization; me: Me }) {
  const [members, setMembers] = useState<MemberRow[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [invited, setInvited] = useState(0);
  // The member being made an auditor, or whose end of access is being moved: the date comes first.
  const [auditing, setAuditing] = useState<string | null>(null);
  const isOwner = organization.role === 'OWNER';
  const base = `/orgs/${organization.id}/members`;

  const load = useCallback(() => {
    api<{ members: MemberRow[] }>(base).then((r) => setMembers(r.members), setError);
  }, [base]);
  useEffect(load, [load]);

  const act = (write: () => Promise<unknown>) => writeThenReload(write, { reload: load, setError });
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
      <ListTable
        caption="Members"
        hiddenCaption
        columns={['Email', 'Name', 'Role', 'Member since', 'Access ends']}
        actions={isOwner}
      >
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
                  onChange={(e) => {
                    if (e.target.value === 'AUDITOR') return setAuditing(m.user_id);
                    setAuditing(null);
                    act(() =>
                      api(`${base}/${m.user_id}`, { method: 'PATCH', body: { role: e.target.value } }),
                    );
                  }}
                >
                  <Options values={ROLES} />
                </select>
              ) : (
                humanize(m.role)
              )}
            </td>
            <td>{formatDate(m.created_at)}</td>
            <td>
              {isOwner && auditing === m.user_id ? (
                <AccessEndForm
                  email={m.email}
                  current={m.expires_at}
                  label={m.role === 'AUDITOR' ? 'Save end' : 'Make auditor'}
                  onCancel={() => setAuditing(null)}
                  onSave={(expiresAt) => {
                    setAuditing(null);
                    act(() =>
                      api(`${base}/${m.user_id}`, {
                        method: 'PATCH',
                        body: { role: 'AUDITOR', expires_at: expiresAt },
                      }),
                    );
                  }}
                />
              ) : (
                <>
                  {accessEnd(m)}
                  {isOwner && m.role === 'AUDITOR' && (
                    <>
                      {' '}
                      <button type="button" className="secondary" onClick={() => setAuditing(m.user_id)}>
                        Change end
                      </button>
                    </>
                  )}
                </>
              )}
            </td>
            {isOwner && (
              <td>
                <ConfirmButton
                  label="Remove"
                  confirmLabel="Remove now"
                  question={`Confirm removing ${m.email}`}
                  open={confirming === m.user_id}
                  onOpen={() => setConfirming(m.user_id)}
                  onKeep={() => setConfirming(null)}
                  onConfirm={() => act(() => api(`${base}/${m.user_id}`, { method: 'DELETE' }))}
                />
              </td>
            )}
          </tr>
        ))}
      </ListTable>
    </section>
  );
}
