import { registers } from '@comply/schemas/registers';
import { useEffect, useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { GettingStarted } from '../components/GettingStarted.js';
import { HeatMap } from '../components/HeatMap.js';
import { MY_TASKS } from '../components/Layout.js';
import { Link } from '../components/Link.js';
import { StateBars } from '../components/StateBars.js';
import { formatDate, humanize, mitigationLabel } from '../format.js';
import { plural } from '../plural.js';
import { recordPath } from '../records/registry.js';
import type { Organization } from '../types.js';
import { viewPath } from '../views.js';

interface Capped<T> {
  count: number;
  items: T[];
  omitted: number;
}
type Item = { id: string; [key: string]: unknown };
type EvidenceDue = { measure_id: string; measure_name: string; evidence_title: string; valid_until: string };

/** A list of measures whose evidence needs renewing, keyed by measure for Attention. */
const byMeasure = (list: Capped<EvidenceDue>): Capped<Item> => ({
  ...list,
  items: list.items.map((i) => ({ ...i, id: i.measure_id })),
});
interface Report {
  generated_at: string;
  risks: {
    total: number;
    by_status: Record<string, number>;
    high_priority: Capped<Item>;
    acceptance_expired: Capped<Item>;
  };
  measures: { total: number; by_state: Record<string, number>; implemented_percent: number };
  obligations: { total: number; by_status: Record<string, number>; overdue: Capped<Item> };
  vendors: { total_active: number; review_overdue: Capped<Item>; never_reviewed: Capped<Item> };
  nonconformities: { open_by_severity: Record<string, number>; overdue: Capped<Item> };
  audits: { upcoming: Capped<Item> };
  evidence: { expiring: Capped<EvidenceDue>; expired: Capped<EvidenceDue> };
  assets: {
    total: number;
    by_classification: Record<string, number>;
    review_overdue: number;
    never_reviewed: number;
  };
  documents: { total: number; published: number; in_review: number; review_overdue: number };
  frameworks: {
    id: string;
    name: string;
    control_count: number;
    covered_control_count: number;
    coverage_percent: number;
  }[];
}
type RiskCell = { residual_likelihood: number; residual_impact: number };

async function loadHeat(orgId: string): Promise<number[][]> {
  const cells = Array.from({ length: 5 }, () => [0, 0, 0, 0, 0]);
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const query: string = `?status=OPEN,IN_TREATMENT,ACCEPTED&page_size=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const reply: { risks: RiskCell[]; next_cursor: string | null } = await api(
      `/orgs/${orgId}/registers/risks${query}`,
    );
    for (const r of reply.risks) {
      const row = cells[r.residual_impact - 1];
      if (row) row[r.residual_likelihood - 1] = (row[r.residual_likelihood - 1] ?? 0) + 1;
    }
    cursor = reply.next_cursor;
    if (!cursor) break;
  }
  return cells;
}

/**
 * One "needs attention" list: each item links to its record, and the heading to the register
 * filtered to the same records (when a list filter says the same thing).
 */
function Attention({
  title,
  list,
  label,
  detail,
  register,
  filters,
}: {
  title: string;
  list: Capped<Item>;
  label: string;
  detail: (i: Item) => string;
  register: string;
  filters?: Record<string, string>;
}) {
  return (
    <section className="card">
      <h3>
        {filters ? <Link to={viewPath({ register, filters })}>{title}</Link> : title}{' '}
        <span className="count">{list.count}</span>
      </h3>
      {list.items.length === 0 ? (
        <p className="hint">Nothing here.</p>
      ) : (
        <ul className="attention">
          {list.items.map((item) => (
            <li key={item.id}>
              <Link to={recordPath(register, item.id)}>{String(item[label] ?? item.id)}</Link>
              <span className="hint">{detail(item)}</span>
            </li>
          ))}
          {list.omitted > 0 && (
            <li className="hint">
              {filters ? (
                <Link to={viewPath({ register, filters })}>and {list.omitted} more</Link>
              ) : (
                `and ${list.omitted} more`
              )}
            </li>
          )}
        </ul>
      )}
    </section>
  );
}

function isEmpty(report: Report): boolean {
  const { risks, measures, obligations, vendors, frameworks } = report;
  return risks.total + measures.total + obligations.total + vendors.total_active + frameworks.length === 0;
}

/**
 * The compliance report of the selected organization: figures, charts and what needs attention;
 * for an organization without records, the next steps instead.
 */
export function DashboardPage({
  organization,
  onOrganizationAdded,
}: {
  organization: Organization;
  onOrganizationAdded: (organization: Organization) => void;
}) {
  const [report, setReport] = useState<Report | null>(null);
  const [heat, setHeat] = useState<number[][] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    api<Report>(`/orgs/${organization.id}/report`).then(setReport, setError);
    loadHeat(organization.id).then(setHeat, setError);
  }, [organization.id]);

  if (error) return <ErrorNote error={error} />;
  if (!report) return <p className="loading">Loading the report…</p>;
  if (isEmpty(report)) {
    return (
      <section className="stack">
        <div className="page-head">
          <h1>{organization.name}</h1>
        </div>
        <GettingStarted organization={organization} onOrganizationAdded={onOrganizationAdded} />
      </section>
    );
  }
  const openNcs = Object.values(report.nonconformities.open_by_severity).reduce((a, b) => a + b, 0);
  // The report's sections, each linking to its register's page (from the register catalog).
  const figures = [
    [
      'Risks',
      report.risks.total,
      `${report.risks.high_priority.count} high priority`,
      registers.risks.console.path,
    ],
    [
      'Measures implemented',
      `${report.measures.implemented_percent}%`,
      `of ${plural({ count: report.measures.total, singular: 'measure' })}`,
      registers.measures.console.path,
    ],
    [
      'Obligations overdue',
      report.obligations.overdue.count,
      `of ${report.obligations.total}`,
      viewPath({ register: 'obligations', filters: { overdue: 'true' } }),
    ],
    [
      'Vendor reviews overdue',
      report.vendors.review_overdue.count,
      `${report.vendors.never_reviewed.count} never reviewed · ${report.vendors.total_active} active`,
      viewPath({ register: 'vendors', filters: { review_overdue: 'true' } }),
    ],
    [
      'Open nonconformities',
      openNcs,
      `${report.nonconformities.overdue.count} overdue`,
      viewPath({ register: 'nonconformities', filters: { open: 'true' } }),
    ],
    [
      'Upcoming audits',
      report.audits.upcoming.count,
      'in the next 90 days',
      viewPath({ register: 'audits', filters: { upcoming: 'true' } }),
    ],
    [
      'Assets',
      report.assets.total,
      `${report.assets.review_overdue} reviews overdue · ${report.assets.never_reviewed} never reviewed`,
      registers.assets.console.path,
    ],
    [
      'Documents',
      report.documents.total,
      `${report.documents.published} published · ${report.documents.in_review} in review · ${report.documents.review_overdue} reviews overdue`,
      registers.documents.console.path,
    ],
  ] as const;
  return (
    <section className="stack">
      <div className="page-head">
        <h1>{organization.name}</h1>
        <span className="hint">Report generated {new Date(report.generated_at).toLocaleString()}</span>
      </div>
      <div className="figures">
        {figures.map(([label, value, note, to]) => (
          <Link key={label} to={to} className="figure card">
            <span className="figure-label">{label}</span>
            <span className="figure-value">{value}</span>
            <span className="hint">{note}</span>
          </Link>
        ))}
      </div>
      <div className="grid two">
        <section className="card">
          {heat ? (
            <HeatMap cells={heat} title="Risk heat map (risks not closed)" />
          ) : (
            <p className="loading">Loading risks…</p>
          )}
        </section>
        <section className="card stack">
          <StateBars title="Measures by state" counts={report.measures.by_state} />
          <StateBars title="Risks by status (all risks)" counts={report.risks.by_status} />
          <StateBars title="Obligations by status" counts={report.obligations.by_status} />
          <StateBars title="Assets by classification" counts={report.assets.by_classification} />
        </section>
      </div>
      <h2>Needs attention</h2>
      <p>
        Each item below has its task when it is due within 30 days: <Link to={MY_TASKS}>my tasks</Link> ·{' '}
        <Link to="/registers/tasks?status=OPEN,IN_PROGRESS&overdue=true">overdue tasks</Link>
      </p>
      <div className="grid three">
        <Attention
          title="High-priority risks"
          register="risks"
          filters={{
            status: 'OPEN,IN_TREATMENT,ACCEPTED',
            min_residual_score: '16',
            order_by: 'residual_score:desc',
          }}
          list={report.risks.high_priority}
          label="name"
          detail={(i) => `score ${i.residual_score} · ${mitigationLabel(String(i.mitigation_status))}`}
        />
        <Attention
          title="Risk acceptances expired"
          register="risks"
          list={report.risks.acceptance_expired}
          label="name"
          detail={(i) =>
            i.expires_on
              ? `acceptance expired after ${formatDate(String(i.expires_on))}`
              : 'no acceptance on record'
          }
        />
        <Attention
          title="Overdue obligations"
          register="obligations"
          filters={{ overdue: 'true' }}
          list={report.obligations.overdue}
          label="title"
          detail={(i) => `due ${formatDate(String(i.due_date))}`}
        />
        <Attention
          title="Vendor reviews overdue"
          register="vendors"
          filters={{ review_overdue: 'true' }}
          list={report.vendors.review_overdue}
          label="name"
          detail={(i) => `due ${formatDate(i.next_review_due as string | null)}`}
        />
        <Attention
          title="Vendors never reviewed"
          register="vendors"
          filters={{ never_reviewed: 'true' }}
          list={report.vendors.never_reviewed}
          label="name"
          detail={(i) => humanize(String(i.risk_tier))}
        />
        <Attention
          title="Overdue nonconformities"
          register="nonconformities"
          filters={{ overdue: 'true' }}
          list={report.nonconformities.overdue}
          label="reference"
          detail={(i) => `${i.title} · ${humanize(String(i.severity))}`}
        />
        <Attention
          title="Upcoming audits"
          register="audits"
          filters={{ upcoming: 'true' }}
          list={report.audits.upcoming}
          label="name"
          detail={(i) => `starts ${formatDate(String(i.start_date))}`}
        />
        <Attention
          title="Evidence expiring within 30 days"
          register="measures"
          list={byMeasure(report.evidence.expiring)}
          label="measure_name"
          detail={(i) => `${i.evidence_title} · valid until ${formatDate(String(i.valid_until))}`}
        />
        <Attention
          title="Evidence expired (readiness gaps)"
          register="measures"
          list={byMeasure(report.evidence.expired)}
          label="measure_name"
          detail={(i) => `${i.evidence_title} · expired after ${formatDate(String(i.valid_until))}`}
        />
      </div>
      <section className="card">
        <h2>Framework coverage</h2>
        {report.frameworks.length === 0 ? (
          <p className="hint">
            No frameworks yet. Adopt one from the <Link to="/frameworks/library">library</Link>, or ask your
            assistant to add one (<code>addFramework</code>), e.g. “Add the ISO/IEC 27001:2022 Annex A
            framework with its controls”.
          </p>
        ) : (
          <ul className="coverage">
            {report.frameworks.map((f) => (
              <li key={f.id}>
                <Link to={`/frameworks/${f.id}`}>{f.name}</Link>
                <meter min={0} max={100} value={f.coverage_percent} aria-label={`${f.name} coverage`} />
                <span className="hint">
                  {f.covered_control_count}/{f.control_count} controls · {f.coverage_percent}%
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
