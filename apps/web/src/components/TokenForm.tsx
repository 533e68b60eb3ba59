import { type FormEvent, useState } from 'react';
import { api } from '../api.js';
import { formatDate } from '../format.js';
import { roleCanWrite } from '../roles.js';
import type { CreatedToken, Me } from '../types.js';
import { ErrorNote } from './ErrorNote.js';
import { RadioChoice } from './RadioChoice.js';

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
  // An auditor's token names the audited organization alone (the server refuses anything else).
  const audited = me.organizations.find((o) => o.role === 'AUDITOR');
  const [expiry, setExpiry] = useState<(typeof EXPIRY)[number]>('90');
  const [allOrgs, setAllOrgs] = useState(!audited);
  const [scope, setScope] = useState<'READ' | 'WRITE'>('READ');
  const [chosen, setChosen] = useState<string[]>(audited ? [audited.id] : []);
  const [error, setError] = useState<unknown>(null);
  const reach = me.organizations.filter((o) => allOrgs || chosen.includes(o.id));
  // With nothing ticked yet, what the token could do is judged on every organization: an owner is
  // not told they are a viewer, and read-write stays available until the ticked ones rule it out.
  const judged = reach.length > 0 ? reach : me.organizations;
  const writable = judged.some((o) => roleCanWrite(o.role));
  const noneTicked = !allOrgs && chosen.length === 0;
  const effectiveScope = writable ? scope : 'READ';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (noneTicked) {
      setError(new Error('Tick at least one organization, or choose “All my organizations”.'));
      return;
    }
    const form = new FormData(event.currentTarget);
    const body: Record<string, unknown> = {
      name: String(form.get('name')),
      scope: effectiveScope,
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
            <RadioChoice
              key={value}
              name="expiry"
              value={value}
              checked={expiry === value}
              onPick={() => setExpiry(value)}
            >
              {value === 'date' ? 'On a date' : value === 'never' ? 'No expiry' : `${value} days`}
            </RadioChoice>
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
          <RadioChoice
            name="scope"
            checked={effectiveScope === 'READ'}
            onPick={() => setScope('READ')}
            describedBy="token-scope-read"
          >
            Read-only
          </RadioChoice>
          <RadioChoice
            name="scope"
            checked={effectiveScope === 'WRITE'}
            disabled={!writable}
            onPick={() => setScope('WRITE')}
            describedBy="token-scope-write"
          >
            Read and write
          </RadioChoice>
        </div>
        <p className="hint" id="token-scope-read">
          Read-only: an assistant using this token can read records, readiness and history, but cannot add or
          change anything.
        </p>
        <p className="hint" id="token-scope-write">
          Read and write: it can also add and change records, in the organizations where you are an owner or
          editor. Choose it only for an assistant you want to make changes.
        </p>
        {!writable && (
          <p className="hint">
            Your role only reads in {allOrgs ? 'all your organizations' : 'the organizations ticked'}, so the
            token can only read.
          </p>
        )}
      </fieldset>
      <fieldset>
        <legend>Organizations</legend>
        {audited && (
          <p className="hint">
            You are an auditor of {audited.name} until {formatDate(audited.access_expires_at)}: a token for it
            names that organization alone, reads only, and ends with your access at the latest.
          </p>
        )}
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
            {noneTicked && <p className="hint">Tick at least one organization.</p>}
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
