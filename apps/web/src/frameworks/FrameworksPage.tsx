import type { ListFrameworksOutput } from '@comply/schemas';
import { useEffect, useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { Link } from '../components/Link.js';
import { EmptyRow, ListTable } from '../components/ListTable.js';
import { humanize } from '../format.js';
import { plural } from '../plural.js';
import { roleCanWrite } from '../roles.js';
import type { Organization } from '../types.js';
import { ExportLinks } from './ExportLinks.js';
import { OscalImport } from './OscalImport.js';
import { coveragePercent } from './types.js';

/** The organization's frameworks with coverage, the way to the library, OSCAL import and the organization's exports. */
export function FrameworksPage({ organization }: { organization: Organization }) {
  const [page, setPage] = useState<ListFrameworksOutput | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  const canWrite = roleCanWrite(organization.role);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` reloads the list after an import
  useEffect(() => {
    api<ListFrameworksOutput>(
      `/orgs/${organization.id}/registers/frameworks?page_size=100&order_by=name:asc`,
    ).then(setPage, setError);
  }, [organization.id, version]);

  return (
    <section className="stack">
      <div className="page-head">
        <h1>Frameworks</h1>
        {page && <span className="hint">{plural({ count: page.total_count, singular: 'framework' })}</span>}
        {canWrite && (
          <span className="actions">
            <Link to="/frameworks/library" className="button">
              Add from library
            </Link>
            <Link to="/registers/frameworks/new">Type one in</Link>
          </span>
        )}
      </div>
      <ErrorNote error={error} />
      <ListTable
        caption="Frameworks and their coverage"
        hiddenCaption
        columns={['Name', 'Version', 'Source', { label: 'Controls', num: true }, 'Coverage']}
      >
        {page?.frameworks.map((f) => (
          <tr key={f.id}>
            <td>
              <Link to={`/frameworks/${f.id}`}>{f.name}</Link>
            </td>
            <td>{f.version ?? '—'}</td>
            <td>
              {humanize(f.source)}
              {f.baseline ? ` · ${humanize(f.baseline)} baseline` : ''}
            </td>
            <td className="num">{f.control_count}</td>
            <td>
              <span className="coverage-cell">
                <meter min={0} max={100} value={coveragePercent(f)} aria-label={`${f.name} coverage`} />
                <span>{coveragePercent(f)}%</span>
              </span>
            </td>
          </tr>
        ))}
        {page && page.frameworks.length === 0 && (
          <EmptyRow columns={5}>
            No frameworks yet. {canWrite ? 'Add one from the library or import an OSCAL catalog.' : ''}
          </EmptyRow>
        )}
      </ListTable>
      <div className="grid two">
        {canWrite && <OscalImport organization={organization} onImported={() => setVersion(version + 1)} />}
        <section className="card stack" aria-labelledby="org-exports">
          <h2 id="org-exports">Export the organization</h2>
          <p className="hint">
            Audits and findings, open nonconformities and untreated risks, and the crosswalks, as OSCAL. Each
            framework's page has its catalog and system security plan.
          </p>
          <ExportLinks
            organizationId={organization.id}
            models={['assessment-results', 'plan-of-action-and-milestones', 'mapping-collection']}
            label="Organization exports"
          />
        </section>
      </div>
    </section>
  );
}
