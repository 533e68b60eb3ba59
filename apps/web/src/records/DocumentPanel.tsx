import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import type { EvidenceFile } from '../evidence/EvidenceFilePanel.js';
import { formatTime } from '../format.js';
import { roleCanAttest, roleCanWrite } from '../roles.js';
import type { Me, Organization } from '../types.js';
import { Chip } from './Chip.js';
import { VersionFile, versionFileUrl } from './DocumentVersionFile.js';
import { DocumentVersionForm } from './DocumentVersionForm.js';

interface Approval {
  approver: string;
  content_hash: string;
  approved_at: string;
}
interface Version {
  version: number;
  content_hash: string;
  change_note: string | null;
  author: string | null;
  created_at: string;
  /** The vault file the version is (null for Markdown), as it was when the version was written. */
  file: EvidenceFile | null;
  approvals: Approval[];
  approved: boolean;
}
interface Acknowledgement {
  member: string;
  version: number;
  acknowledged_at: string;
}
/** The document fields this panel reads (getDocument's record). */
export interface DocumentRecord {
  id: string;
  status: string;
  updated_at: string;
  approvers: string[];
  current_version: number | null;
  published_version: number | null;
  published_at: string | null;
  content: string | null;
  versions: Version[];
  acknowledgements: Acknowledgement[];
  member_count: number;
  acknowledged_count: number;
  acknowledgement_coverage: number;
}

// Raw HTML in the Markdown is shown as text (html: false), links are checked by markdown-it's
// validateLink (no javascript: or data: URLs), and the HTML it writes is sanitized once more.
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** A version's Markdown as sanitized HTML. */
function renderMarkdown(text: string): string {
  return DOMPurify.sanitize(markdown.render(text), { USE_PROFILES: { html: true } });
}

/** The signed-in user's email, to offer the approvals and acknowledgements that are theirs. */
function useMyEmail(): string | null {
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    api<Me>('/session').then(
      (me) => setEmail(me.user.email.toLowerCase()),
      () => setEmail(null),
    );
  }, []);
  return email;
}

/**
 * A controlled document's own part of its page: the current version's content (Markdown rendered
 * safely), the workflow buttons the signed-in member may use (send for review, approve as an
 * approver, publish, acknowledge), acknowledgement coverage and every version with its approvals.
 */
export function DocumentPanel({
  organization,
  document,
  reload,
}: {
  organization: Organization;
  document: DocumentRecord;
  reload: () => void;
}) {
  const email = useMyEmail();
  const [error, setError] = useState<unknown>(null);
  const [status, setStatus] = useState<string | null>(null);
  const html = useMemo(() => (document.content ? renderMarkdown(document.content) : ''), [document.content]);
  const canWrite = roleCanWrite(organization.role);
  const current = document.versions.find((v) => v.version === document.current_version) ?? null;
  const mine = (address: string) => email !== null && address.toLowerCase() === email;
  const isApprover = document.approvers.some(mine);
  const approvedByMe = current?.approvals.some((a) => mine(a.approver)) ?? false;
  const acknowledgedByMe = document.acknowledgements.some((a) => mine(a.member));

  const run = async (tool: string, body: Record<string, unknown>, done: string) => {
    setError(null);
    setStatus(null);
    try {
      await api(`/orgs/${organization.id}/tools/${tool}`, { method: 'POST', body });
      setStatus(done);
      reload();
      return true;
    } catch (e) {
      setError(e);
      return false;
    }
  };
  const setDocumentStatus = (next: string, done: string) =>
    run('updateDocument', { id: document.id, status: next, expected_updated_at: document.updated_at }, done);

  return (
    <>
      <section className="card stack" aria-labelledby="document-workflow">
        <h2 id="document-workflow">Workflow</h2>
        <ErrorNote error={error} />
        {status && <p role="status">{status}</p>}
        <p>
          Acknowledged by {document.acknowledged_count} of {document.member_count} members (
          {document.acknowledgement_coverage}%)
          {document.published_version === null
            ? ' · not published yet'
            : ` · version ${document.published_version} in force since ${formatTime(document.published_at)}`}
        </p>
        <div className="actions">
          {canWrite && document.status === 'DRAFT' && document.current_version !== null && (
            <button type="button" onClick={() => setDocumentStatus('IN_REVIEW', 'Sent for review.')}>
              Send for review
            </button>
          )}
          {canWrite && document.status === 'IN_REVIEW' && isApprover && !approvedByMe && current && (
            <button
              type="button"
              onClick={() =>
                run(
                  'approveDocumentVersion',
                  { document_id: document.id, version: current.version, content_hash: current.content_hash },
                  `Approved version ${current.version}.`,
                )
              }
            >
              Approve version {current.version}
            </button>
          )}
          {canWrite && document.status === 'APPROVED' && (
            <button type="button" onClick={() => setDocumentStatus('PUBLISHED', 'Published.')}>
              Publish version {document.current_version}
            </button>
          )}
          {roleCanAttest(organization.role) &&
            document.published_version !== null &&
            document.status !== 'RETIRED' &&
            !acknowledgedByMe && (
              <button
                type="button"
                onClick={() =>
                  run(
                    'acknowledgeDocument',
                    { document_id: document.id, version: document.published_version },
                    `Acknowledged version ${document.published_version}.`,
                  )
                }
              >
                Acknowledge version {document.published_version}
              </button>
            )}
          {acknowledgedByMe && <Chip value="ACTIVE" label="You acknowledged it" />}
        </div>
      </section>

      <section className="card stack" aria-labelledby="document-content">
        <h2 id="document-content">
          {document.current_version === null ? 'Content' : `Version ${document.current_version}`}
        </h2>
        {document.content ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it without raw HTML, then DOMPurify
          <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
        ) : current?.file ? (
          <VersionFile organizationId={organization.id} documentId={document.id} version={current} />
        ) : (
          <p className="hint">No version yet.</p>
        )}
        {canWrite && document.status !== 'RETIRED' && (
          <DocumentVersionForm
            organizationId={organization.id}
            save={(body) =>
              run(
                'addDocumentVersion',
                { document_id: document.id, ...body },
                `Saved version ${(document.current_version ?? 0) + 1}.`,
              )
            }
          />
        )}
      </section>

      <section className="card stack" aria-labelledby="document-versions">
        <h2 id="document-versions">Versions and approvals</h2>
        {document.versions.length === 0 ? (
          <p className="hint">None yet.</p>
        ) : (
          <ul className="record-list" aria-label="Versions">
            {document.versions.map((v) => (
              <li key={v.version}>
                <span>
                  Version {v.version}
                  {v.change_note ? `: ${v.change_note}` : ''}
                </span>
                <span className="hint">
                  by {v.author ?? 'unknown'}, {formatTime(v.created_at)} · SHA-256{' '}
                  {v.content_hash.slice(0, 12)}…
                </span>
                {v.file && (
                  <a href={versionFileUrl(organization.id, document.id, v.version)} download>
                    {v.file.filename}
                  </a>
                )}
                {v.approved ? (
                  <Chip value="ACTIVE" label="Approved" />
                ) : (
                  <Chip value="PLANNED" label="Not approved" />
                )}
                {v.approvals.length > 0 && (
                  <span className="hint">
                    approved by{' '}
                    {v.approvals.map((a) => `${a.approver} (${formatTime(a.approved_at)})`).join(', ')}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        {document.acknowledgements.length > 0 && (
          <>
            <h3>Acknowledgements of version {document.published_version}</h3>
            <ul className="record-list" aria-label="Acknowledgements">
              {document.acknowledgements.map((a) => (
                <li key={a.member}>
                  <span>{a.member}</span>
                  <span className="hint">{formatTime(a.acknowledged_at)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}
