import type { EvidenceFile } from '../evidence/EvidenceFilePanel.js';
import { formatBytes } from '../evidence/upload.js';
import { formatTime } from '../format.js';

/** The console's download of a file version (an attachment, never shown in the console's origin). */
export function versionFileUrl(organizationId: string, documentId: string, version: number): string {
  return `/api/console/orgs/${organizationId}/documents/${encodeURIComponent(documentId)}/versions/${version}/file`;
}

/** A file version: its file's name, size, media type and SHA-256 (what approvals bind to), and a download. */
export function VersionFile({
  organizationId,
  documentId,
  version,
}: {
  organizationId: string;
  documentId: string;
  version: { version: number; file: EvidenceFile | null };
}) {
  const { file } = version;
  if (!file) return null;
  return (
    <>
      <p className="hint">
        This version is a file from the evidence vault; it is downloaded, never shown here.
      </p>
      <dl className="record-fields">
        <dt>File name</dt>
        <dd>{file.filename}</dd>
        <dt>Size</dt>
        <dd>
          {formatBytes(file.size)} <span className="hint">({file.size} bytes)</span>
        </dd>
        <dt>Media type</dt>
        <dd>{file.media_type}</dd>
        <dt>SHA-256</dt>
        <dd>
          <code className="hash" data-testid="version-sha256">
            {file.sha256}
          </code>
        </dd>
        <dt>Evidence revision</dt>
        <dd>
          {file.revision}, uploaded {formatTime(file.uploaded_at)}
        </dd>
      </dl>
      <p>
        <a
          className="button secondary"
          href={versionFileUrl(organizationId, documentId, version.version)}
          download
        >
          Download {file.filename}
        </a>
      </p>
    </>
  );
}
