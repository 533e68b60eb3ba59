import { type FormEvent, useState } from 'react';
import { ErrorNote } from '../components/ErrorNote.js';
import { RecordPicker } from '../records/RecordPicker.js';
import { UploadProgressNote } from './UploadProgressNote.js';
import { type UploadProgress, uploadEvidence } from './upload.js';

/** A chosen day as `collected_at`: today means now (the server's default), an earlier day its start. */
function collectedAt(day: string): string | null {
  if (!day || day >= new Date().toISOString().slice(0, 10)) return null;
  return `${day}T00:00:00.000Z`;
}

/**
 * Upload a file as new FILE evidence: the file with its title, dates and measures, posted as
 * multipart to the console's upload route (streamed and hashed by the server, which keeps nothing
 * of a refused or interrupted upload). Opens the new record when it is stored.
 */
export function EvidenceUpload({
  organizationId,
  onUploaded,
}: {
  organizationId: string;
  onUploaded: (record: Record<string, unknown>) => void;
}) {
  const [title, setTitle] = useState('');
  const [measures, setMeasures] = useState<string[]>([]);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<unknown>(null);
  const busy = progress !== null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) {
      setError(new Error('Choose a file that is not empty.'));
      return;
    }
    const form = new FormData();
    form.append('kind', 'FILE');
    form.append('title', title.trim() || file.name);
    const description = String(data.get('description') ?? '').trim();
    if (description) form.append('description', description);
    const collected = collectedAt(String(data.get('collected_on') ?? ''));
    if (collected) form.append('collected_at', collected);
    const validUntil = String(data.get('valid_until') ?? '');
    if (validUntil) form.append('valid_until', validUntil);
    for (const id of measures) form.append('measure_ids', id);
    form.append('file', file, file.name);
    setError(null);
    setProgress({ sent: 0, total: file.size });
    try {
      const record = await uploadEvidence({
        path: `/orgs/${organizationId}/evidence/upload`,
        form,
        onProgress: setProgress,
      });
      onUploaded(record);
    } catch (caught) {
      setError(caught);
    } finally {
      setProgress(null);
    }
  };

  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="upload-heading">
      <h2 id="upload-heading">Upload a file</h2>
      <p className="hint">
        The file is stored in Comply with its SHA-256, and a later file becomes a new revision; nothing is
        ever deleted.
      </p>
      <label>
        File
        <input
          name="file"
          type="file"
          required
          disabled={busy}
          onChange={(e) => {
            const chosen = e.currentTarget.files?.[0];
            if (chosen && !title) setTitle(chosen.name.replace(/\.[^.]+$/, ''));
          }}
        />
      </label>
      <label>
        Title
        <input name="title" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label>
        Description <span className="hint">(optional)</span>
        <textarea name="description" maxLength={10_000} rows={2} />
      </label>
      <label>
        Collected on <span className="hint">(default today)</span>
        <input name="collected_on" type="date" max={new Date().toISOString().slice(0, 10)} />
      </label>
      <label>
        Valid until <span className="hint">(optional; otherwise the organization's evidence validity)</span>
        <input name="valid_until" type="date" />
      </label>
      <div className="stack">
        <label htmlFor="upload-measures">
          Evidence for measures <span className="hint">(optional)</span>
        </label>
        <RecordPicker
          organizationId={organizationId}
          register="measures"
          id="upload-measures"
          value={measures}
          multiple
          onChange={(value) => setMeasures(Array.isArray(value) ? value : [value])}
        />
      </div>
      <UploadProgressNote progress={progress} />
      <ErrorNote error={error} />
      <div className="actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload file'}
        </button>
      </div>
    </form>
  );
}
