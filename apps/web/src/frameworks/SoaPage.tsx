import type { SoaControl, ToolOutputs } from '@comply/schemas';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api, toQuery } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { Link } from '../components/Link.js';
import { ListTable } from '../components/ListTable.js';
import { PageLoading } from '../components/PageLoading.js';
import { FileExport } from '../components/RegisterExport.js';
import { formatTime, humanize } from '../format.js';
import { roleCanWrite } from '../roles.js';
import type { Organization } from '../types.js';

type Soa = ToolOutputs['getStatementOfApplicability'];
/** A row's edit: the decision (null while undecided), its justification and owner. */
type Draft = { applicable: boolean | null; justification: string; owner: string };

const draftOf = (row: SoaControl): Draft => ({
  applicable: row.applicability === 'UNDECIDED' ? null : row.applicability === 'APPLICABLE',
  justification: row.justification ?? '',
  owner: row.owner ?? '',
});

/** Every row of the SoA (current or one version), page by page. */
async function loadSoa(base: string, version: number | null): Promise<Soa> {
  let soa: Soa | null = null;
  let cursor: string | undefined;
  do {
    const page: Soa = await api<Soa>(
      `${base}${toQuery({ page_size: '500', version: version === null ? undefined : String(version), cursor })}`,
    );
    soa = soa ? { ...page, controls: [...soa.controls, ...page.controls] } : page;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return soa;
}

/** A text column of a row: an input (named `label`) while the SoA is edited, the text otherwise. */
function TextCell({
  editable,
  label,
  value,
  maxLength,
  onChange,
}: {
  editable: boolean;
  label: string;
  value: string | null;
  maxLength: number;
  onChange: (value: string) => void;
}) {
  return (
    <td>
      {editable ? (
        <input
          aria-label={label}
          value={value ?? ''}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        value
      )}
    </td>
  );
}

function StatusBadge({ row }: { row: SoaControl }) {
  if (row.status === 'READY') return <span className="badge active">Ready</span>;
  if (row.status === 'EXCLUDED') return <span className="badge">Excluded</span>;
  return <span className="badge expired">Gap: {row.gap_reasons.map(humanize).join(', ')}</span>;
}

/**
 * A framework's Statement of Applicability: each control's applicability toggle, justification and
 * owner, saved in one all-or-nothing call (updateControlApplicability); approval as the next
 * numbered version (approveStatementOfApplicability, OWNER or ADMIN); approved versions read-only.
 */
export function SoaPage({ organization, frameworkId }: { organization: Organization; frameworkId: string }) {
  const base = `/orgs/${organization.id}/frameworks/${frameworkId}/soa`;
  const [version, setVersion] = useState<number | null>(null);
  const [soa, setSoa] = useState<Soa | null>(null);
  const [drafts, setDrafts] = useState<Map<string, Draft>>(new Map());
  const [note, setNote] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [status, setStatus] = useState('');
  const editable = version === null && roleCanWrite(organization.role);

  const reload = useCallback(() => {
    loadSoa(base, version).then((loaded) => {
      setSoa(loaded);
      setDrafts(new Map());
    }, setError);
  }, [base, version]);
  useEffect(reload, [reload]);

  const draft = (row: SoaControl) => drafts.get(row.code) ?? draftOf(row);
  const edit = (row: SoaControl, change: Partial<Draft>) =>
    setDrafts((d) => new Map(d).set(row.code, { ...draft(row), ...change }));
  const changed = soa
    ? soa.controls.filter((row) => drafts.has(row.code) && draft(row).applicable !== null)
    : [];

  const save = async () => {
    if (!soa) return;
    setError(null);
    try {
      await api(`/orgs/${organization.id}/tools/updateControlApplicability`, {
        method: 'POST',
        body: {
          framework_id: frameworkId,
          ...(soa.updated_at ? { expected_updated_at: soa.updated_at } : {}),
          controls: changed.map((row) => {
            const d = draft(row);
            return {
              code: row.code,
              applicable: d.applicable,
              justification: d.justification || null,
              owner: d.owner || null,
            };
          }),
        },
      });
      setStatus(`Saved ${changed.length} decisions.`);
      reload();
    } catch (e) {
      setError(e);
    }
  };

  const approve = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const approved = await api<{ version: number }>(
        `/orgs/${organization.id}/tools/approveStatementOfApplicability`,
        {
          method: 'POST',
          body: { framework_id: frameworkId, ...(note.trim() ? { note } : {}) },
        },
      );
      setStatus(`Approved version ${approved.version}.`);
      setNote('');
      reload();
    } catch (e) {
      setError(e);
    }
  };

  const markUndecided = () => {
    if (!soa) return;
    const next = new Map(drafts);
    for (const row of soa.controls)
      if (draft(row).applicable === null) next.set(row.code, { ...draft(row), applicable: true });
    setDrafts(next);
  };

  if (!soa) return <PageLoading title="Statement of Applicability" error={error} />;
  const counts = soa.applicability_counts;
  return (
    <section className="stack">
      <div className="page-head">
        <h1>Statement of Applicability{version === null ? '' : `, version ${version}`}</h1>
        <FileExport
          organizationId={organization.id}
          file="statement-of-applicability"
          label={version === null ? 'Export the SoA' : `Export version ${version}`}
          params={{ framework_id: frameworkId, version: version === null ? undefined : String(version) }}
        />
        <Link to={`/frameworks/${encodeURIComponent(frameworkId)}`}>Back to the framework</Link>
      </div>
      <ErrorNote error={error} />
      {status && <p role="status">{status}</p>}
      <p>
        {counts.APPLICABLE} applicable · {counts.EXCLUDED} excluded · {counts.UNDECIDED} undecided of{' '}
        {soa.control_count} controls
        {soa.approved
          ? ` · approved version ${soa.approved.version} on ${formatTime(soa.approved.approved_at)}${soa.approved.approved_by ? ` by ${soa.approved.approved_by}` : ''}`
          : ' · not approved yet'}
      </p>
      {editable && (
        <div className="row">
          <button type="button" onClick={markUndecided} disabled={counts.UNDECIDED === 0}>
            Mark undecided as applicable
          </button>
          <button type="button" onClick={save} disabled={changed.length === 0}>
            Save {changed.length} changes
          </button>
        </div>
      )}
      {editable && (
        <form className="row" aria-label="Approve the Statement of Applicability" onSubmit={approve}>
          <label>
            Approval note <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
          </label>
          <button type="submit" disabled={changed.length > 0}>
            Approve as version {(soa.versions[0]?.version ?? 0) + 1}
          </button>
        </form>
      )}
      <div className="card stack">
        <h2>Approved versions</h2>
        {soa.versions.length === 0 && <p>None yet.</p>}
        <ul aria-label="Approved versions">
          {soa.versions.map((v) => (
            <li key={v.version}>
              <button type="button" onClick={() => setVersion(v.version)} disabled={version === v.version}>
                Version {v.version}
              </button>{' '}
              {formatTime(v.approved_at)}
              {v.approved_by ? ` by ${v.approved_by}` : ''} · {v.excluded_count} excluded of {v.control_count}
              {v.note ? ` · ${v.note}` : ''}
            </li>
          ))}
        </ul>
        {version !== null && (
          <button type="button" onClick={() => setVersion(null)}>
            Back to the current SoA
          </button>
        )}
      </div>
      <ListTable
        caption={
          version === null ? 'Statement of Applicability' : `Statement of Applicability version ${version}`
        }
        hiddenCaption
        columns={['Control', 'Applicable', 'Justification', 'Status', 'Measures', 'Owner', 'Last reviewed']}
      >
        {soa.controls.map((row) => {
          const d = draft(row);
          const text = (field: 'justification' | 'owner', label: string, maxLength: number) => (
            <TextCell
              editable={editable}
              label={`${label} ${row.code}`}
              value={editable ? d[field] : row[field]}
              maxLength={maxLength}
              onChange={(value) => edit(row, { [field]: value })}
            />
          );
          return (
            <tr key={row.code}>
              <th scope="row">
                {row.code} <span className="hint">{row.title}</span>
              </th>
              <td>
                {editable ? (
                  <input
                    type="checkbox"
                    aria-label={`Applicable ${row.code}`}
                    checked={d.applicable === true}
                    ref={(el) => {
                      if (el) el.indeterminate = d.applicable === null;
                    }}
                    onChange={(e) => edit(row, { applicable: e.target.checked })}
                  />
                ) : (
                  humanize(row.applicability)
                )}
              </td>
              {text('justification', 'Justification', 2000)}
              <td>
                <StatusBadge row={row} />
              </td>
              <td>{row.measures.map((m) => m.name).join(', ')}</td>
              {text('owner', 'Owner', 200)}
              <td>{formatTime(row.last_reviewed_at)}</td>
            </tr>
          );
        })}
      </ListTable>
    </section>
  );
}
