import { type FormEvent, useState } from 'react';
import { ErrorNote } from '../components/ErrorNote.js';
import { formatTime } from '../format.js';
import { UploadProgressNote } from './UploadProgressNote.js';
import { formatBytes, type UploadProgress, uploadEvidence } from './upload.js';
import { VerifyIntegrity } from './VerifyIntegrity.js';

/** One stored revision of an evidence file, as getEvidence returns it. */
export interface EvidenceFile {
  revision: number;
  filename: string;
  media_type: string;
  size: number;
  sha256: string;
  uploaded_at: string;
}

/**
 * A FILE evidence record's file: the current revision with its SHA-256, size and media type and a
 * download link (an attachment, never shown in the console's origin), every earlier revision with
 * its own link, and for members who write, a new revision and a re-check of the stored bytes.
 */
export function EvidenceFilePanel({
  organizationId,
  record,
  canWrite,
  onChange,
}: {
  organizationId: string;
  record: { id: string; updated_at: string; file: EvidenceFile | null; revisions: EvidenceFile[] };
  canWrite: boolean;
  onChange: () => void;
}) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<unknown>(null);
  const download = `/api/console/orgs/${organizationId}/evidence/${encodeURIComponent(record.id)}/file`;
  const { file } = record;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget).get('file');
    if (!(chosen instanceof File) || chosen.size === 0)
      return setError(new Error('Choose a file that is not empty.'));
    const form = new FormData();
    form.append('expected_updated_at', record.updated_at);
    form.append('file', chosen, chosen.name);
    setError(null);
    setProgress({ sent: 0, total: chosen.size });
    try {
      await uploadEvidence({
        path: `/orgs/${organizationId}/evidence/${encodeURIComponent(record.id)}/revisions`,
        form,
        onProgress: setProgress,
      });
      onChange();
    } catch (caught) {
      setError(caught);
    } finally {
      setProgress(null);
    }
  };

  return (
    <section className="card stack" aria-labelledby="file-heading">
      <h2 id="file-heading">File</h2>
      {file ? (
        <>
          <FileFacts file={file} testId="evidence-sha256" revisionLabel="Revision" />
          <p>
            <a className="button secondary" href={download} download>
              Download {file.filename}
            </a>
          </p>
        </>
      ) : (
        <p className="hint">No file stored.</p>
      )}
      {record.revisions.length > 1 && (
        <div className="table-wrap">
          <table>
            <caption>Every revision (none is ever removed)</caption>
            <thead>
              <tr>
                <th scope="col">Revision</th>
                <th scope="col">File</th>
                <th scope="col">Size</th>
                <th scope="col">SHA-256</th>
                <th scope="col">Uploaded</th>
              </tr>
            </thead>
            <tbody>
              {[...record.revisions].reverse().map((r) => (
                <tr key={r.revision}>
                  <td>{r.revision}</td>
                  <td>
                    <a href={`${download}?revision=${r.revision}`} download>
                      {r.filename}
                    </a>
                  </td>
                  <td>{formatBytes(r.size)}</td>
                  <td>
                    <code className="hash">{r.sha256}</code>
                  </td>
                  <td>{formatTime(r.uploaded_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canWrite && (
        <>
          <form className="inline-form" onSubmit={submit} aria-label="Upload a new revision">
            <label>
              New revision
              <input name="file" type="file" required disabled={progress !== null} />
            </label>
            <button type="submit" className="secondary" disabled={progress !== null}>
              Upload new revision
            </button>
          </form>
          <UploadProgressNote progress={progress} />
          <ErrorNote error={error} />
          <VerifyIntegrity organizationId={organizationId} evidenceId={record.id} />
        </>
      )}
    </section>
  );
}

/** Whether a record read from the evidence register holds a file. */
export function hasFile(record: Record<string, unknown>): boolean {
  return record.kind === 'FILE' && Array.isArray(record.revisions);
}

/** A stored file's facts: name, size, media type, SHA-256 and the revision it is. */
export function FileFacts({
  file,
  testId,
  revisionLabel,
}: {
  file: EvidenceFile;
  /** The SHA-256's test id, for the browser tests. */
  testId: string;
  revisionLabel: string;
}) {
  return (
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
        <code className="hash" data-testid={testId}>
          {file.sha256}
        </code>
      </dd>
      <dt>{revisionLabel}</dt>
      <dd>
        {file.revision}, uploaded {formatTime(file.uploaded_at)}
      </dd>
    </dl>
  );
}
