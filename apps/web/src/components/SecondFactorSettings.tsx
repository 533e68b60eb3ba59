import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from './ErrorNote.js';

interface FactorState {
  enabled: boolean;
  recovery_codes_left: number;
  required: boolean;
}

interface Enrolment {
  secret: string;
  qr_code: string;
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="stack" role="status">
      <p>
        <strong>Recovery codes.</strong> Keep them somewhere safe: each signs you in once without the app.
        They are shown only now.
      </p>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A six-digit code input with its submit button. */
function CodeForm({ label, onCode }: { label: string; onCode: (code: string) => Promise<void> }) {
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    await onCode(String(new FormData(form).get('code')));
    form.reset();
  };
  return (
    <form onSubmit={submit} className="stack">
      <label>
        Code from the app
        <input name="code" inputMode="numeric" pattern="[0-9]{6}" required autoComplete="one-time-code" />
      </label>
      <button type="submit">{label}</button>
    </form>
  );
}

/** Second factor on the account page: set up with a QR code, new recovery codes, turn off. */
export function SecondFactorSettings({ onChanged }: { onChanged?: (() => void) | undefined }) {
  const [state, setState] = useState<FactorState | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(() => {
    api<FactorState>('/account/second-factor').then(setState, setError);
  }, []);
  useEffect(load, [load]);

  const run = async (fn: () => Promise<void>) => {
    setError(null);
    try {
      await fn();
    } catch (caught) {
      setError(caught);
    }
  };
  const begin = () =>
    run(async () => {
      setCodes(null);
      setEnrolment(await api<Enrolment>('/account/second-factor/enrol', { method: 'POST' }));
    });
  const confirm = (code: string) =>
    run(async () => {
      const reply = await api<{ recovery_codes: string[] }>('/account/second-factor/confirm', {
        method: 'POST',
        body: { code },
      });
      setEnrolment(null);
      setCodes(reply.recovery_codes);
      load();
      onChanged?.();
    });
  const renew = (code: string) =>
    run(async () => {
      const reply = await api<{ recovery_codes: string[] }>('/account/second-factor/recovery-codes', {
        method: 'POST',
        body: { code },
      });
      setCodes(reply.recovery_codes);
      load();
    });
  const disable = (code: string) =>
    run(async () => {
      await api('/account/second-factor/disable', { method: 'POST', body: { code } });
      setCodes(null);
      load();
      onChanged?.();
    });

  return (
    <section className="card stack narrow" aria-labelledby="second-factor-title">
      <h2 id="second-factor-title">Second factor</h2>
      {state?.required && !state.enabled && (
        <p className="error" role="alert">
          An organization you belong to requires a second factor. Set one up to use the console.
        </p>
      )}
      {state && !state.enabled && !enrolment && (
        <>
          <p>Sign in with a code from an authenticator app as well as your password.</p>
          <button type="button" onClick={begin}>
            Set up an authenticator app
          </button>
        </>
      )}
      {enrolment && (
        <>
          <p>
            Scan this code with your authenticator app, or type the key into it, then enter the code it shows.
          </p>
          <img src={enrolment.qr_code} alt="QR code of the authenticator key" width={220} height={220} />
          <p>
            Key: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <CodeForm label="Turn on" onCode={confirm} />
        </>
      )}
      {state?.enabled && (
        <>
          <p role="status">
            On. {state.recovery_codes_left} recovery code{state.recovery_codes_left === 1 ? '' : 's'} left.
          </p>
          <h3>New recovery codes</h3>
          <CodeForm label="Make new recovery codes" onCode={renew} />
          <h3>Turn off</h3>
          <CodeForm label="Turn off the second factor" onCode={disable} />
        </>
      )}
      {codes && <RecoveryCodes codes={codes} />}
      <ErrorNote error={error} />
    </section>
  );
}
