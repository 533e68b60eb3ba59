import { type FormEvent, useState } from 'react';
import { api } from '../api.js';
import type { CreatedToken, Me } from '../types.js';
import { ErrorNote } from './ErrorNote.js';

const EXPIRY = ['30', '60', '90', '365', 'date', 'never'] as const;

/** Generate New Token: name, expiry, scope and organizations. */
export function TokenForm({
  me,
  onCreated,
  onCancel,
}: {
  me: Me;
  onCreated: (created: CreatedToken) => void;
  onCancel: () => void;
}) {
  const [expiry, setExpiry] = useState<(typeof EXPIRY)[number]>('90');
  const [allOrgs, setAllOrgs] = useState(true);
  const [scope, setScope] = useState<'READ' | 'WRITE'>('READ');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);
  const reach = me.organizations.filter((o) => allOrgs || chosen.includes(o.id));
  const canWrite = reach.some((o) => o.role !== 'VIEWER');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: Record<string, unknown> = {
      name: String(form.get('name')),
      scope,
      organization_ids: allOrgs ? null : chosen,
    };
    if (expiry === 'date') body.expires_on = String(form.get('expires_on'));
    else if (expiry === 'never') body.no_expiry = true;
    else body.expires_in_days = Number(expiry);
    setError(null);
    try {
      onCreated(await api<CreatedToken>('/tokens', { method: 'POST', body }));
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="new-token-title">
      <h2 id="new-token-title">Generate New Token</h2>
      <label>
        Name <span className="hint">(what uses it, e.g. “Claude Desktop on work laptop”)</span>
        <input name="name" required maxLength={200} autoComplete="off" />
      </label>
      <fieldset>
        <legend>Expires</legend>
        <div className="choices">
          {EXPIRY.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="expiry"
                value={value}
                checked={expiry === value}
                onChange={() => setExpiry(value)}
              />
              {value === 'date' ? 'On a date' : value === 'never' ? 'No expiry' : `${value} days`}
            </label>
          ))}
        </div>
        {expiry === 'date' && (
          <label>
            Expiry date
            <input name="expires_on" type="date" required />
          </label>
        )}
        {expiry === 'never' && (
          <p className="warning" role="note">
            A token without expiry stays valid until revoked. Prefer an expiry and rotate about every 90 days.
          </p>
        )}
      </fieldset>
      <fieldset>
        <legend>Permission</legend>
        <div className="choices">
          <label className="choice">
            <input type="radio" name="scope" checked={scope === 'READ'} onChange={() => setScope('READ')} />
            Read-only
          </label>
          <label className="choice">
            <input
              type="radio"
              name="scope"
              checked={scope === 'WRITE'}
              disabled={!canWrite}
              onChange={() => setScope('WRITE')}
            />
            Read and write
          </label>
        </div>
        {!canWrite && (
          <p className="hint">You are a viewer in these organizations, so the token can only read.</p>
        )}
      </fieldset>
      <fieldset>
        <legend>Organizations</legend>
        <div className="choices">
          <label className="choice">
            <input type="radio" name="orgs" checked={allOrgs} onChange={() => setAllOrgs(true)} />
            All my organizations
          </label>
          <label className="choice">
            <input type="radio" name="orgs" checked={!allOrgs} onChange={() => setAllOrgs(false)} />
            Only these:
          </label>
        </div>
        {!allOrgs && (
          <div className="choices">
            {me.organizations.map((o) => (
              <label key={o.id} className="choice">
                <input
                  type="checkbox"
                  checked={chosen.includes(o.id)}
                  onChange={(e) =>
                    setChosen(e.target.checked ? [...chosen, o.id] : chosen.filter((id) => id !== o.id))
                  }
                />
                {o.name}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <ErrorNote error={error} />
      <div className="actions">
        <button type="submit">Generate token</button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
