import { useEffect, useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { Link } from '../components/Link.js';
import { PageLoading } from '../components/PageLoading.js';
import { humanize } from '../format.js';
import type { Organization } from '../types.js';
import { AuditorPackageForm } from './AuditorPackageForm.js';
import { ControlsTable } from './ControlsTable.js';
import { ExportLinks } from './ExportLinks.js';
import { OperatingEffectiveness } from './OperatingEffectiveness.js';
import { ReadinessView } from './ReadinessView.js';
import { coveragePercent, type FrameworkDetail, type LibraryEntry, type Readiness } from './types.js';

/**
 * One framework: coverage, audit readiness (gaps first), operating effectiveness over a period, its
 * controls and its OSCAL exports.
 */
export function FrameworkPage({
  organization,
  frameworkId,
}: {
  organization: Organization;
  frameworkId: string;
}) {
  const [framework, setFramework] = useState<FrameworkDetail | null>(null);
  const [readiness, setReadiness] = useState<Readiness | null>(null);
  const [baselines, setBaselines] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const base = `/orgs/${organization.id}`;
    api<FrameworkDetail>(`${base}/registers/frameworks/${frameworkId}`).then((f) => {
      setFramework(f);
      if (f.library_key) {
        api<{ entries: LibraryEntry[] }>('/library').then(
          (r) => setBaselines(r.entries.find((e) => e.key === f.library_key)?.baselines ?? []),
          setError,
        );
      }
    }, setError);
    api<Readiness>(`${base}/readiness/${frameworkId}`).then(setReadiness, setError);
  }, [organization.id, frameworkId]);

  if (!framework) return <PageLoading title="Framework" error={error} />;
  const percent = coveragePercent(framework);
  return (
    <section className="stack">
      <div className="page-head">
        <h1>
          {framework.name}
          {framework.version ? ` ${framework.version}` : ''}
        </h1>
        <Link to={`/frameworks/${encodeURIComponent(framework.id)}/soa`}>Statement of Applicability</Link>
        <Link to="/frameworks">All frameworks</Link>
      </div>
      <ErrorNote error={error} />
      <div className="card stack">
        <p className="coverage-cell">
          <meter min={0} max={100} value={percent} aria-label="Coverage" />
          <span>
            <strong>{percent}% covered</strong> · {framework.covered_control_count} of{' '}
            {framework.control_count} controls have an implemented measure
          </span>
        </p>
        <p className="hint">
          Source: {humanize(framework.source)}
          {framework.library_key ? ` (${framework.library_key}` : ''}
          {framework.baseline ? `, ${framework.baseline} baseline` : ''}
          {framework.library_key ? ')' : ''}
        </p>
        {framework.description && <p>{framework.description}</p>}
        <ExportLinks
          organizationId={organization.id}
          frameworkId={framework.id}
          models={['catalog', 'system-security-plan', 'assessment-results']}
          label={`Exports of ${framework.name}`}
        />
      </div>
      <AuditorPackageForm organizationId={organization.id} frameworkId={framework.id} />
      {readiness && <ReadinessView readiness={readiness} />}
      <OperatingEffectiveness organizationId={organization.id} frameworkId={framework.id} />
      <ControlsTable organizationId={organization.id} framework={framework} baselines={baselines} />
    </section>
  );
}
