import { type FormEvent, useState } from 'react';
import { api } from '../api.js';
import { formatDate } from '../format.js';
import { dayFromToday, endOfDay, MAX_ACCESS_DAYS, ROLES } from '../roles.js';
import type { CreatedInvitation, Role } from '../types.js';
import { CopyButton } from './CopyButton.js';
import { ErrorNote } from './ErrorNote.js';
import { Options } from './Options.js';
import { SubmitActions } from './SubmitActions.js';

/**
 * Invites an email; shows the single-use invitation link once, for the owner to pass on. An
 * auditor's invitation says when the access ends (at most a year ahead).
 */
export function InviteForm({ base, onInvited }: { base: string; onInvited: () => void }) {
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [role, setRole] = useState<Role>('EDITOR');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setError(null);
    setCreated(null);
    try {
      const reply = await api<CreatedInvitation>(`${base}/invitations`, {
        method: 'POST',
        body: {
          email: form.get('email'),
          role: form.get('role'),
          ...(role === 'AUDITOR' && { access_expires_at: endOfDay(String(form.get('access_ends'))) }),
        },
      });
      formElement.reset();
      setRole('EDITOR');
      setCreated(reply);
      onInvited();
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <>
      <form className="filters card" onSubmit={submit} aria-label="Invite a member">
        <label>
          Email
          <input name="email" type="email" required />
        </label>
        {role === 'AUDITOR' && (
          <p className="hint">
            An auditor reads this organization's records, evidence and reports, changes nothing and sees no
            members, tokens or settings; the access ends on the date you choose.
          </p>
        )}
        <label>
          Role
          <select name="role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            <Options values={ROLES} />
          </select>
        </label>
        {role === 'AUDITOR' && (
          <label>
            Access ends on
            <input
              name="access_ends"
              type="date"
              required
              min={dayFromToday(1)}
              max={dayFromToday(MAX_ACCESS_DAYS)}
              defaultValue={dayFromToday(90)}
            />
          </label>
        )}
        <SubmitActions label="Invite member" />
      </form>
      <ErrorNote error={error} />
      {created && (
        <div className="card stack" role="status">
          <p className="success">
            Invitation for {created.invitation.email} created. Send them this link yourself (it is shown once,
            works once and expires on {new Date(created.invitation.expires_at).toLocaleDateString()}). They
            set their own password, or accept with their existing account.
            {created.invitation.access_expires_at &&
              ` As an auditor they read only, until ${formatDate(created.invitation.access_expires_at)}.`}
          </p>
          <input
            readOnly
            aria-label="Invitation link"
            value={created.invitation_url}
            data-testid="invitation-url"
          />
          <div className="actions">
            <CopyButton text={created.invitation_url} label="Copy link" />
          </div>
        </div>
      )}
    </>
  );
}
