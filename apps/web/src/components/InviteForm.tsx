import { type FormEvent, useState } from 'react';
import { api } from '../api.js';
import { humanize } from '../format.js';
import type { CreatedInvitation, Role } from '../types.js';
import { CopyButton } from './CopyButton.js';
import { ErrorNote } from './ErrorNote.js';

const ROLES: Role[] = ['OWNER', 'ADMIN', 'EDITOR', 'VIEWER'];

/** Invites an email; shows the single-use invitation link once, for the owner to pass on. */
export function InviteForm({ base, onInvited }: { base: string; onInvited: () => void }) {
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const [error, setError] = useState<unknown>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setError(null);
    setCreated(null);
    try {
      const reply = await api<CreatedInvitation>(`${base}/invitations`, {
        method: 'POST',
        body: { email: form.get('email'), role: form.get('role') },
      });
      formElement.reset();
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
        <label>
          Role
          <select name="role" defaultValue="EDITOR">
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {humanize(r)}
              </option>
            ))}
          </select>
        </label>
        <div className="actions">
          <button type="submit">Invite member</button>
        </div>
      </form>
      <ErrorNote error={error} />
      {created && (
        <div className="card stack" role="status">
          <p className="success">
            Invitation for {created.invitation.email} created. Send them this link yourself (it is shown once,
            works once and expires on {new Date(created.invitation.expires_at).toLocaleDateString()}). They
            set their own password, or accept with their existing account.
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
