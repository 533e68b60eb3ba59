import type { FormEvent } from 'react';
import { PeriodFields, PeriodProblem, usePeriod } from './PeriodFields.js';

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
  const period = usePeriod();
  const query = new URLSearchParams({
    framework_id: frameworkId,
    period_start: period.start,
    period_end: period.end,
  });
  const href = `/api/console/orgs/${organizationId}/auditor-package?${query.toString()}`;
  const check = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (period.check()) window.location.assign(href);
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
        <PeriodFields period={period} />
        <button type="submit">Download package</button>
      </div>
      <PeriodProblem period={period} />
    </form>
  );
}
