import { useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { BusySubmit } from '../components/SubmitActions.js';
import { useSubmit } from '../submit.js';

/**
 * Completing a task from its page: a note (what was done) and the Complete button, which calls
 * completeTask through the write-tool route; a recurring task's next occurrence is created by it.
 */
export function TaskComplete({
  organizationId,
  taskId,
  onDone,
}: {
  organizationId: string;
  taskId: string;
  onDone: () => void;
}) {
  const [note, setNote] = useState('');
  const { error, busy, submit } = useSubmit();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const complete = (event: React.FormEvent) => {
    event.preventDefault();
    return submit(async () => {
      await api(`/orgs/${organizationId}/tools/completeTask`, {
        method: 'POST',
        body: {
          task_id: taskId,
          ...(note.trim() ? { note: note.trim() } : {}),
          idempotency_key: idempotencyKey,
        },
      });
      onDone();
    });
  };
  return (
    <form className="card stack" aria-labelledby="complete-heading" onSubmit={complete}>
      <h2 id="complete-heading">Complete</h2>
      <label className="stack">
        <span>What was done (optional)</span>
        <textarea value={note} maxLength={2000} rows={3} onChange={(e) => setNote(e.target.value)} />
      </label>
      <ErrorNote error={error} />
      <BusySubmit busy={busy} label="Complete task" busyLabel="Completing…" />
    </form>
  );
}
