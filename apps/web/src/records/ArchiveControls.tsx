import { registers } from '@comply/schemas/registers';
import { useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { formatTime } from '../format.js';
import { useSubmit } from '../submit.js';
import { singularLabel } from './registry.js';

/** Whether a register's records can be archived (`archive: true` in its spec). */
export function archivable(register: string): boolean {
  const entry = (registers as Record<string, { archive?: boolean }>)[register];
  return entry?.archive === true;
}

/**
 * A record page's archive state: for an active record an Archive button that asks for
 * confirmation first; for an archived one a notice saying what archiving means and a Restore
 * button. Both call the archiveRecord / restoreRecord tools (audited, as the signed-in user).
 */
export function ArchiveControls({
  organizationId,
  register,
  record,
  canWrite,
  onChange,
}: {
  organizationId: string;
  register: string;
  record: Record<string, unknown>;
  canWrite: boolean;
  onChange: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const { error, busy, submit } = useSubmit();
  if (!archivable(register)) return null;
  const archivedAt = typeof record.archived_at === 'string' ? record.archived_at : null;
  const label = singularLabel(register).toLowerCase();
  const call = (tool: 'archiveRecord' | 'restoreRecord') =>
    submit(async () => {
      await api(`/orgs/${organizationId}/tools/${tool}`, { method: 'POST', body: { id: record.id } });
      setConfirming(false);
      onChange();
    });
  if (archivedAt) {
    return (
      <div className="conflict archive-note" role="status">
        <p>
          <strong>Archived {formatTime(archivedAt)}.</strong> This {label} is left out of lists, counts,
          reports and readiness. Its history and evidence are kept.
        </p>
        {canWrite && (
          <button type="button" disabled={busy} onClick={() => call('restoreRecord')}>
            Restore {label}
          </button>
        )}
        <ErrorNote error={error} />
      </div>
    );
  }
  if (!canWrite) return null;
  return (
    <div className="archive-controls">
      {confirming ? (
        <div className="conflict">
          <p>
            Archive this {label}? It leaves lists, counts, reports and readiness; it stays readable here and
            can be restored.
          </p>
          <div className="inline-actions">
            <button type="button" className="danger" disabled={busy} onClick={() => call('archiveRecord')}>
              Archive {label}
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="secondary" onClick={() => setConfirming(true)}>
          Archive…
        </button>
      )}
      <ErrorNote error={error} />
    </div>
  );
}
