import { type FormEvent, useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { NewPasswordFields, passwordMismatch } from '../components/NewPasswordFields.js';
import { SecondFactorSettings } from '../components/SecondFactorSettings.js';

/** Change password (other sessions of the account are signed out) and the second factor. */
export function AccountPage({ onSecondFactorChanged }: { onSecondFactorChanged?: () => void } = {}) {
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setDone(false);
    setError(null);
    const mismatch = passwordMismatch(form, 'new_password');
    if (mismatch) return setError(mismatch);
    try {
      await api('/account/password', {
        method: 'POST',
        body: { current_password: form.get('current_password'), new_password: form.get('new_password') },
      });
      formElement.reset();
      setDone(true);
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <section>
      <h1>Account</h1>
      <form onSubmit={submit} className="card stack narrow">
        <h2>Change password</h2>
        <label>
          Current password
          <input name="current_password" type="password" required autoComplete="current-password" />
        </label>
        <NewPasswordFields />
        <ErrorNote error={error} />
        {done && (
          <p className="success" role="status">
            Password changed. Your other sessions were signed out.
          </p>
        )}
        <button type="submit">Change password</button>
      </form>
      <SecondFactorSettings onChanged={onSecondFactorChanged} />
    </section>
  );
}
