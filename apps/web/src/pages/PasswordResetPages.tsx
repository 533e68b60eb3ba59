import { type FormEvent, useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { Link } from '../components/Link.js';
import { NewPasswordFields, passwordMismatch, SuccessNote } from '../components/NewPasswordFields.js';

/** Sends one form's body to `path`; shows the error or the success text. */
function useSend(path: string) {
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const send = async (body: unknown, success: (reply: { message?: string } | undefined) => string) => {
    setError(null);
    try {
      setDone(success(await api<{ message?: string } | undefined>(path, { method: 'POST', body })));
    } catch (caught) {
      setError(caught);
    }
  };
  return { error, setError, done, send };
}

/** Asks for a reset link by e-mail (the reply is the same whether or not the address has an account). */
export function ForgotPasswordPage() {
  const { error, done, send } = useSend('/password-reset');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email'));
    return send({ email }, (reply) => reply?.message ?? 'Sent.');
  };
  return (
    <main className="auth">
      <h1>Forgot your password?</h1>
      <form onSubmit={submit} className="card stack">
        <label>
          Email
          <input name="email" type="email" required autoComplete="username" />
        </label>
        <ErrorNote error={error} />
        <SuccessNote text={done} />
        <button type="submit">Send a link</button>
        <Link to="/signin">Back to sign-in</Link>
      </form>
    </main>
  );
}

/** Sets a new password with the link's token (in the URL's fragment, never sent to the server's logs). */
export function ResetPasswordPage() {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  const { error, setError, done, send } = useSend('/password-reset/confirm');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const mismatch = passwordMismatch(form, 'new_password');
    if (mismatch) return setError(mismatch);
    return send(
      { token, new_password: form.get('new_password') },
      () => 'Password set. Sign in with it now.',
    );
  };
  return (
    <main className="auth">
      <h1>Set a new password</h1>
      <form onSubmit={submit} className="card stack">
        <NewPasswordFields />
        <ErrorNote error={error} />
        <SuccessNote text={done} />
        <button type="submit" disabled={done !== null}>
          Set password
        </button>
        <Link to="/signin">Sign in</Link>
      </form>
    </main>
  );
}
