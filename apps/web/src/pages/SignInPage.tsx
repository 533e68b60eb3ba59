import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { Link } from '../components/Link.js';
import { useSubmit } from '../submit.js';
import type { Me } from '../types.js';

type SignInReply = Me | { second_factor_required: true };

/** What the server's `/signin?sso_error=…` means, in words. */
const SSO_ERRORS: Record<string, string> = {
  expired: 'The single sign-on took too long or was opened twice. Try again.',
  failed: 'The identity provider’s answer could not be verified. Try again.',
  email: 'The identity provider gave no verified e-mail address.',
  domain: 'Addresses of this domain cannot sign in here with single sign-on.',
  account: 'This e-mail’s account is linked to another identity.',
};

/** The code step after a right password, for an account with a second factor. */
function SecondFactorStep({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const { error, busy, submit } = useSubmit();
  const [recovery, setRecovery] = useState(false);
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('code')).trim();
    const body = recovery ? { recovery_code: value } : { code: value };
    return submit(async () => onSignedIn(await api<Me>('/session/second-factor', { method: 'POST', body })));
  };
  return (
    <form onSubmit={send} className="card stack">
      <label key={recovery ? 'recovery' : 'code'}>
        {recovery ? 'Recovery code' : 'Code from your authenticator app'}
        <input
          name="code"
          required
          autoComplete="one-time-code"
          {...(recovery ? {} : { inputMode: 'numeric' as const, pattern: '[0-9]{6}' })}
        />
      </label>
      <ErrorNote error={error} />
      <button type="submit" disabled={busy}>
        Continue
      </button>
      <button type="button" className="link-button" onClick={() => setRecovery(!recovery)}>
        {recovery ? 'Use a code from the app' : 'Use a recovery code'}
      </button>
    </form>
  );
}

/** Email and password sign-in, then the second factor when the account has one; SSO when configured. */
export function SignInPage({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const { error, busy, submit } = useSubmit();
  const params = new URLSearchParams(window.location.search);
  // Back from the identity provider: its sign-in worked and the account's second factor is due.
  const [factor, setFactor] = useState(params.get('second_factor') === '1');
  const ssoError = SSO_ERRORS[params.get('sso_error') ?? ''] ?? null;
  const [sso, setSso] = useState<{ enabled: boolean; name: string } | null>(null);
  useEffect(() => {
    api<{ enabled: boolean; name: string }>('/sso').then(setSso, () => setSso(null));
  }, []);
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { email: String(form.get('email')), password: String(form.get('password')) };
    return submit(async () => {
      const reply = await api<SignInReply>('/session', { method: 'POST', body });
      if ('second_factor_required' in reply) setFactor(true);
      else onSignedIn(reply);
    });
  };
  return (
    <main className="auth">
      <h1>Sign in to Comply</h1>
      {factor ? (
        <SecondFactorStep onSignedIn={onSignedIn} />
      ) : (
        <form onSubmit={send} className="card stack">
          <label>
            Email
            <input name="email" type="email" required autoComplete="username" />
          </label>
          <label>
            Password
            <input name="password" type="password" required autoComplete="current-password" />
          </label>
          <ErrorNote error={error} />
          <button type="submit" disabled={busy}>
            Sign in
          </button>
          <Link to="/forgot-password">Forgot your password?</Link>
        </form>
      )}
      {ssoError && (
        <p className="error" role="alert">
          {ssoError}
        </p>
      )}
      {!factor && sso?.enabled && (
        <p className="card">
          <a className="button" href="/api/console/sso/start">
            Sign in with {sso.name}
          </a>
        </p>
      )}
    </main>
  );
}
