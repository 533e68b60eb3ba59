import { type FormEvent, useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import type { Me } from '../types.js';

/** Email and password sign-in. */
export function SignInPage({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const body = { email: String(form.get('email')), password: String(form.get('password')) };
      onSignedIn(await api<Me>('/session', { method: 'POST', body }));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="auth">
      <h1>Sign in to Comply</h1>
      <form onSubmit={submit} className="card stack">
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
      </form>
    </main>
  );
}
