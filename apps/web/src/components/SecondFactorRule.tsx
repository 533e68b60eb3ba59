import { useEffect, useState } from 'react';
import { api } from '../api.js';
import type { Organization } from '../types.js';
import { ErrorNote } from './ErrorNote.js';

/** The organization's rule (OWNER): members must sign in with a second factor. */
export function SecondFactorRule({ organization }: { organization: Organization }) {
  const path = `/orgs/${organization.id}/security`;
  const [required, setRequired] = useState<boolean | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    // Another organization's rule: unknown (the box disabled) until its answer, and an answer for
    // an organization no longer shown is dropped, so it never undoes a change made since.
    let current = true;
    setRequired(null);
    api<{ require_totp: boolean }>(path).then(
      (r) => current && setRequired(r.require_totp),
      (caught) => current && setError(caught),
    );
    return () => {
      current = false;
    };
  }, [path]);
  const change = async (next: boolean) => {
    setError(null);
    // Shown at once; put back if the server refuses.
    const previous = required;
    setRequired(next);
    try {
      const reply = await api<{ require_totp: boolean }>(path, {
        method: 'PUT',
        body: { require_totp: next },
      });
      setRequired(reply.require_totp);
    } catch (caught) {
      setRequired(previous);
      setError(caught);
    }
  };
  return (
    <div className="card stack">
      <h2>Sign-in security</h2>
      <label className="choice">
        <input
          type="checkbox"
          name="require_totp"
          checked={required ?? false}
          disabled={required === null}
          onChange={(event) => change(event.target.checked)}
        />
        Require a second factor (an authenticator app) of every member
      </label>
      <p className="hint">Members without one can only set it up until they have.</p>
      <ErrorNote error={error} />
    </div>
  );
}
