import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { passwordMismatch } from '../components/NewPasswordFields.js';
import { formatDate, humanize } from '../format.js';
import { useSubmit } from '../submit.js';
import type { InvitationPreview, Me } from '../types.js';
import { SignInPage } from './SignInPage.js';

/** The code from `/invitation#<code>`: the fragment never reaches a server. */
function codeFromLocation(): string {
  return decodeURIComponent(window.location.hash.replace(/^#/, ''));
}

/**
 * Redeeming an invitation link: a newcomer sets their own password; someone with an account signs
 * in (if needed) and accepts. Membership starts only then.
 */
export function InvitationPage({ me, onJoined }: { me: Me | null; onJoined: (me: Me) => void }) {
  const [code] = useState(codeFromLocation);
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const { error, setError, busy, submit } = useSubmit();
  const [signingIn, setSigningIn] = useState(false);
  useEffect(() => {
    api<{ invitation: InvitationPreview }>('/invitations/preview', { method: 'POST', body: { code } }).then(
      (r) => setPreview(r.invitation),
      setError,
    );
    // setError is a state setter, the same on every render: the preview is fetched once per code.
  }, [code, setError]);

  const run = (fn: () => Promise<Me>) =>
    submit(async () => {
      onJoined(await fn());
    });
  const accept = () =>
    run(async () => {
      const reply = await api<{ organizations: Me['organizations'] }>('/invitations/accept', {
        method: 'POST',
        body: { code },
      });
      return { user: me!.user, organizations: reply.organizations };
    });
  const redeem = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const mismatch = passwordMismatch(form, 'password');
    if (mismatch) return setError(mismatch);
    const body = {
      code,
      password: String(form.get('password')),
      name: String(form.get('name')) || undefined,
    };
    return run(() => api<Me>('/invitations/redeem', { method: 'POST', body }));
  };

  if (!me && signingIn) return <SignInPage onSignedIn={() => window.location.reload()} />;
  return (
    <main className="auth">
      <h1>Join an organization</h1>
      <ErrorNote error={error} />
      {preview && (
        <div className="card stack">
          <p>
            You are invited to <strong>{preview.organization_name}</strong> as {humanize(preview.role)}, as{' '}
            <strong>{preview.email}</strong>.
            {preview.access_expires_at &&
              ` As an auditor you read its records and evidence, change nothing, and your access ends on ${formatDate(preview.access_expires_at)}.`}
          </p>
          {me ? (
            <button type="button" disabled={busy} onClick={accept}>
              Accept invitation as {me.user.email}
            </button>
          ) : (
            <>
              <form onSubmit={redeem} className="stack" aria-label="Create your account">
                <p className="hint">New to Comply? Choose your own password to create your account.</p>
                <label>
                  Your name
                  <input name="name" autoComplete="name" />
                </label>
                <label>
                  Password <span className="hint">(at least 12 characters)</span>
                  <input
                    name="password"
                    type="password"
                    required
                    minLength={12}
                    autoComplete="new-password"
                  />
                </label>
                <label>
                  Repeat the password
                  <input name="confirm" type="password" required minLength={12} autoComplete="new-password" />
                </label>
                <button type="submit" disabled={busy}>
                  Create account and join
                </button>
              </form>
              <button type="button" className="secondary" onClick={() => setSigningIn(true)}>
                I already have an account: sign in to accept
              </button>
            </>
          )}
        </div>
      )}
    </main>
  );
}
