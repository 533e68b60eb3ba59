import { useState } from 'react';
import { RadioChoice } from '../components/RadioChoice.js';
import { EvidenceUpload } from '../evidence/EvidenceUpload.js';
import { RecordPicker } from './RecordPicker.js';

type Source = 'markdown' | 'file';

/**
 * The form for a document's next version: Markdown typed here, or a FILE evidence record of the
 * vault (picked, or uploaded first through the evidence upload), whose current file becomes the
 * version. `save` calls addDocumentVersion and answers whether it succeeded.
 */
export function DocumentVersionForm({
  organizationId,
  save,
}: {
  organizationId: string;
  save: (body: { content?: string; evidence_id?: string; change_note?: string }) => Promise<boolean>;
}) {
  const [source, setSource] = useState<Source>('markdown');
  const [draft, setDraft] = useState('');
  const [evidenceId, setEvidenceId] = useState('');
  const [note, setNote] = useState('');
  const [uploads, setUploads] = useState(0);
  const ready = source === 'markdown' ? draft.trim() !== '' : evidenceId !== '';

  return (
    <>
      <form
        className="stack"
        aria-label="New version"
        onSubmit={async (event) => {
          event.preventDefault();
          const body = {
            ...(source === 'markdown' ? { content: draft } : { evidence_id: evidenceId }),
            ...(note.trim() ? { change_note: note } : {}),
          };
          if (await save(body)) {
            setDraft('');
            setEvidenceId('');
            setNote('');
          }
        }}
      >
        <fieldset className="stack">
          <legend>New version</legend>
          <RadioChoice
            name="version-source"
            checked={source === 'markdown'}
            onPick={() => setSource('markdown')}
          >
            {' '}
            Markdown
          </RadioChoice>
          <RadioChoice name="version-source" checked={source === 'file'} onPick={() => setSource('file')}>
            {' '}
            A file from the evidence vault
          </RadioChoice>
        </fieldset>
        {source === 'markdown' ? (
          <label>
            New version (Markdown)
            <textarea value={draft} rows={8} maxLength={100_000} onChange={(e) => setDraft(e.target.value)} />
          </label>
        ) : (
          <div className="stack">
            <label htmlFor="version-evidence">
              File evidence <span className="hint">(its current file becomes the version)</span>
            </label>
            <RecordPicker
              key={uploads}
              organizationId={organizationId}
              register="evidence"
              filters={{ kind: 'FILE' }}
              id="version-evidence"
              value={evidenceId}
              required
              onChange={(value) => setEvidenceId(Array.isArray(value) ? (value[0] ?? '') : value)}
            />
          </div>
        )}
        <label>
          Change note
          <input value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
        </label>
        <button type="submit" className="secondary" disabled={!ready}>
          Save as a new version
        </button>
      </form>
      {source === 'file' && (
        <EvidenceUpload
          organizationId={organizationId}
          onUploaded={(record) => {
            setEvidenceId(String(record.id));
            setUploads((n) => n + 1);
          }}
        />
      )}
    </>
  );
}
