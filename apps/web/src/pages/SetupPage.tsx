import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { Link } from '../components/Link.js';
import { passwordMismatch } from '../components/NewPasswordFields.js';
import { useSubmit } from '../submit.js';
import type { Me } from '../types.js';

/** First run: the one-time code printed by `comply serve`, then the owner account and first organization. */
export function SetupPage({ onDone }: { onDone: (me: Me) => void }) {
  const [needed, setNeeded] = useState<boolean | undefined>(undefined);
  const { error, setError, busy, submit } = useSubmit();
  useEffect(() => {
    api<{ needed: boolean }>('/setup').then((s) => setNeeded(s.needed), setError);
    // setError is a state setter, the same on every render: this runs once.
  }, [setError]);

  const setUp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const mismatch = passwordMismatch(form, 'password');
    if (mismatch) return setError(mismatch);
    await submit(async () => {
      const body = {
        code: String(form.get('code')),
        name: String(form.get('name')) || undefined,
        email: String(form.get('email')),
        password: String(form.get('password')),
        organization_name: String(form.get('organization')),
      };
      onDone(await api<Me>('/setup', { method: 'POST', body }));
    });
  };

  return (
    <main className="auth">
      <h1>Set up Comply</h1>
      {needed === false ? (
        <p>
          Setup is done. <Link to="/signin">Sign in</Link>
        </p>
      ) : (
        <form onSubmit={setUp} className="card stack">
          <p className="hint">
            Enter the one-time setup code that <code>comply serve</code> printed, then create the owner
            account and your first organization.
          </p>
          <label>
            Setup code
            <input name="code" required autoComplete="off" spellCheck={false} />
          </label>
          <label>
            Your name
            <input name="name" autoComplete="name" />
          </label>
          <label>
            Email
            <input name="email" type="email" required autoComplete="username" />
          </label>
          <label>
            Password <span className="hint">(at least 12 characters)</span>
            <input name="password" type="password" required minLength={12} autoComplete="new-password" />
          </label>
          <label>
            Repeat the password
            <input name="confirm" type="password" required minLength={12} autoComplete="new-password" />
          </label>
          <label>
            Organization name
            <input name="organization" required />
          </label>
          <ErrorNote error={error} />
          <button type="submit" disabled={busy}>
            Create owner account
          </button>
        </form>
      )}
    </main>
  );
}
