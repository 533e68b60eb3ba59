import { useState } from 'react';
import { api } from '../api.js';
import type { Organization } from '../types.js';
import { CopyButton } from './CopyButton.js';
import { ErrorNote } from './ErrorNote.js';
import { Link } from './Link.js';
import { ProgrammeSteps } from './ProgrammeSteps.js';

type Counts = Record<string, number>;

/** The empty dashboard's next steps: connect an assistant, load demo data, add a framework. */
export function GettingStarted({
  organization,
  onOrganizationAdded,
}: {
  organization: Organization;
  onOrganizationAdded: (organization: Organization) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const endpoint = `${window.location.origin}/api/mcp/v1`;
  const loadDemo = async () => {
    setBusy(true);
    setError(null);
    try {
      const reply = await api<{ organization: Organization; counts: Counts }>(
        `/orgs/${organization.id}/demo`,
        { method: 'POST' },
      );
      onOrganizationAdded(reply.organization);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <section className="stack" aria-labelledby="getting-started">
      <h2 id="getting-started">Get started</h2>
      <p>This organization has no records yet. Three steps to a useful dashboard:</p>
      <div className="grid three">
        <section className="card stack">
          <h3>1. Connect an assistant</h3>
          <p>
            Generate an API token; the token page then shows a ready configuration for Claude Code, Cursor, VS
            Code and others. The MCP endpoint is <code>{endpoint}</code>{' '}
            <CopyButton text={endpoint} label="Copy endpoint" />
          </p>
          <Link to="/settings/tokens" className="button">
            Generate a token
          </Link>
        </section>
        <section className="card stack">
          <h3>2. Load demo data</h3>
          <p>
            Look around first: a separate demo organization with risks, vendors, measures, obligations, audits
            and three frameworks, all with realistic dates.
          </p>
          {organization.role === 'OWNER' ? (
            <button type="button" onClick={loadDemo} disabled={busy}>
              {busy ? 'Loading demo data…' : 'Load demo data'}
            </button>
          ) : (
            <p className="hint">Only an owner of this organization can load demo data.</p>
          )}
          <ErrorNote error={error} />
        </section>
        <section className="card stack">
          <h3>3. Add a framework</h3>
          <p>
            Ask your assistant, for example: “Add the ISO/IEC 27001:2022 Annex A framework with its controls
            to {organization.name}”. It calls <code>addFramework</code>; measures you add later link to its
            controls, and the dashboard shows the coverage.
          </p>
        </section>
      </div>
      <ProgrammeSteps />
    </section>
  );
}
