import { type FormEvent, useState } from 'react';
import { api } from '../api.js';
import type { Organization } from '../types.js';
import { ErrorNote } from './ErrorNote.js';

/**
 * The organization's evidence validity (OWNER or ADMIN): evidence without a valid_until of its
 * own stays current for this many months after it was collected.
 */
export function EvidenceValiditySetting({ organization }: { organization: Organization }) {
  const [months, setMonths] = useState(organization.evidence_validity_months ?? 12);
  const [saved, setSaved] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSaved(null);
    try {
      const reply = await api<{ organization: Organization }>(`/orgs/${organization.id}/settings`, {
        method: 'PATCH',
        body: { evidence_validity_months: months },
      });
      setSaved(reply.organization.evidence_validity_months ?? months);
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="evidence-validity-title">
      <h2 id="evidence-validity-title">Evidence validity</h2>
      <p className="hint">
        Evidence without its own end date stays current for this many months after it was collected; expired
        evidence makes its controls not ready for an audit.
      </p>
      <label>
        Months
        <input
          type="number"
          name="evidence_validity_months"
          min={1}
          max={120}
          required
          value={months}
          onChange={(event) => setMonths(Number(event.target.value))}
        />
      </label>
      <div className="actions">
        <button type="submit">Save</button>
        {saved !== null && <span role="status">Saved: {saved} months.</span>}
      </div>
      <ErrorNote error={error} />
    </form>
  );
}
