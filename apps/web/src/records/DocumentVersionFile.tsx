import { type EvidenceFile, FileFacts } from '../evidence/EvidenceFilePanel.js';

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
      <FileFacts file={file} testId="version-sha256" revisionLabel="Evidence revision" />
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
