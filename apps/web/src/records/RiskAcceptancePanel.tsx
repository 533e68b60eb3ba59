import { useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { formatTime } from '../format.js';
import { dayFromToday, roleCanAccept } from '../roles.js';
import { useSubmit } from '../submit.js';
import type { Organization } from '../types.js';
import { Chip } from './Chip.js';

/** One acceptance of a risk, as getRisk returns it (newest first). */
interface Acceptance {
  id: string;
  accepted_by: string | null;
  accepted_role: string;
  accepted_at: string;
  rationale: string;
  conditions: string | null;
  expires_on: string;
  state: string;
}

const STATE_LABELS: Record<string, string> = {
  ACTIVE: 'Active',
  EXPIRED: 'Expired',
  ENDED: 'Ended',
  SUPERSEDED: 'Superseded',
};

/**
 * A risk's acceptance: the history (who accepted, when, why, on what conditions, until when, and
 * its state), and for OWNERs and ADMINs the *Accept this risk* form, which calls acceptRisk — the
 * only way a risk becomes ACCEPTED.
 */
export function RiskAcceptancePanel({
  organization,
  risk,
  reload,
}: {
  organization: Organization;
  risk: { id: string; status: string; archived_at?: unknown; acceptances: Acceptance[] };
  reload: () => void;
}) {
  const [rationale, setRationale] = useState('');
  const [conditions, setConditions] = useState('');
  const [expires, setExpires] = useState(dayFromToday(365));
  const { error, busy, submit } = useSubmit();
  const [done, setDone] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const canAccept = roleCanAccept(organization.role) && risk.status !== 'CLOSED' && !risk.archived_at;

  const accept = (event: React.FormEvent) => {
    event.preventDefault();
    setDone(null);
    return submit(async () => {
      await api(`/orgs/${organization.id}/tools/acceptRisk`, {
        method: 'POST',
        body: {
          risk_id: risk.id,
          rationale: rationale.trim(),
          ...(conditions.trim() ? { conditions: conditions.trim() } : {}),
          expires_on: expires,
          idempotency_key: idempotencyKey,
        },
      });
      setRationale('');
      setConditions('');
      setIdempotencyKey(crypto.randomUUID());
      setDone(`Accepted until ${expires}.`);
      reload();
    });
  };

  return (
    <section className="card stack" aria-labelledby="acceptance-heading">
      <h2 id="acceptance-heading">Acceptance</h2>
      {done && <p role="status">{done}</p>}
      {risk.acceptances.length === 0 ? (
        <p className="hint">Not accepted. A risk becomes Accepted only through an acceptance record.</p>
      ) : (
        <ul className="record-list" aria-label="Acceptance history">
          {risk.acceptances.map((a) => (
            <li key={a.id}>
              <span>
                Accepted by {a.accepted_by ?? 'a former member'} ({a.accepted_role.toLowerCase()}),{' '}
                {formatTime(a.accepted_at)}, until {a.expires_on}
              </span>
              <Chip
                value={a.state === 'EXPIRED' ? 'HIGH' : a.state === 'ACTIVE' ? 'ACTIVE' : 'PLANNED'}
                label={STATE_LABELS[a.state] ?? a.state}
              />
              <span className="hint">Rationale: {a.rationale}</span>
              {a.conditions && <span className="hint">Conditions: {a.conditions}</span>}
            </li>
          ))}
        </ul>
      )}
      {canAccept && (
        <form className="stack" aria-label="Accept this risk" onSubmit={accept}>
          <h3>Accept this risk</h3>
          <label className="stack">
            <span>Rationale (why the residual risk is acceptable)</span>
            <textarea
              required
              value={rationale}
              maxLength={5000}
              rows={3}
              onChange={(e) => setRationale(e.target.value)}
            />
          </label>
          <label className="stack">
            <span>Conditions (optional)</span>
            <textarea
              value={conditions}
              maxLength={5000}
              rows={2}
              onChange={(e) => setConditions(e.target.value)}
            />
          </label>
          <label className="stack">
            <span>Expires on (the last day it holds)</span>
            <input
              type="date"
              required
              min={dayFromToday(1)}
              value={expires}
              onChange={(e) => setExpires(e.target.value)}
            />
          </label>
          <ErrorNote error={error} />
          <p>
            <button type="submit" disabled={busy || rationale.trim() === ''}>
              {busy ? 'Accepting…' : 'Accept this risk'}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}
