import { type FormEvent, useState } from 'react';

const today = () => new Date().toISOString().slice(0, 10);

/** The first day of the quarter before the current one, as a starting suggestion. */
function lastQuarterStart(): string {
  const now = new Date();
  const quarter = Math.floor(now.getUTCMonth() / 3);
  return new Date(Date.UTC(now.getUTCFullYear(), (quarter - 1) * 3, 1)).toISOString().slice(0, 10);
}

/**
 * Download the auditor package of a framework over a period: one ZIP with the OSCAL documents, the
 * SoA, readiness, the risk treatment plan, the period's evidence files and a manifest of SHA-256s.
 * A plain link, so the browser streams it to disk; the dates are checked here first.
 */
export function AuditorPackageForm({
  organizationId,
  frameworkId,
}: {
  organizationId: string;
  frameworkId: string;
}) {
  const [start, setStart] = useState(lastQuarterStart());
  const [end, setEnd] = useState(today());
  const [problem, setProblem] = useState<string | null>(null);
  const query = new URLSearchParams({ framework_id: frameworkId, period_start: start, period_end: end });
  const href = `/api/console/orgs/${organizationId}/auditor-package?${query.toString()}`;
  const check = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!start || !end) return setProblem('Give the first and the last day of the period.');
    if (end < start) return setProblem('The period ends before it starts.');
    setProblem(null);
    window.location.assign(href);
  };
  return (
    <form className="card stack" onSubmit={check} aria-labelledby="package-heading">
      <h2 id="package-heading">Auditor package</h2>
      <p className="hint">
        One ZIP for an audit of this framework over a period: the OSCAL system security plan and assessment
        results, the Statement of Applicability, readiness, the risk treatment plan, every evidence file
        current during the period, and a manifest with each file's SHA-256.
      </p>
      <div className="inline-form">
        <label>
          Period from
          <input type="date" required value={start} onChange={(e) => setStart(e.target.value)} />
        </label>
        <label>
          to
          <input type="date" required value={end} onChange={(e) => setEnd(e.target.value)} />
        </label>
        <button type="submit">Download package</button>
      </div>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
