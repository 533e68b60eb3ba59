import { useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { Link } from '../components/Link.js';
import { Options } from '../components/Options.js';
import { BusySubmit } from '../components/SubmitActions.js';
import { formatTime } from '../format.js';
import { Chip } from '../records/Chip.js';
import { RecordPicker } from '../records/RecordPicker.js';
import { recordPath } from '../records/registry.js';
import { useSubmit } from '../submit.js';

/** A run as getControlTest's `latest_runs` carries it. */
export interface TestRunRow {
  id: string;
  period_start: string;
  period_end: string;
  performed_at: string;
  samples_tested: number;
  result: string;
  exceptions: string[];
  evidence_ids: string[];
  nonconformity_id: string | null;
}

const RESULTS = ['PASSED', 'PASSED_WITH_EXCEPTIONS', 'FAILED'] as const;
/** The nonconformity a run may raise from its exceptions, by severity ('' = none). */
const RAISE = [
  ['', 'None'],
  ['OBSERVATION', 'An observation'],
  ['MINOR', 'A minor nonconformity'],
  ['MAJOR', 'A major nonconformity'],
] as const;

/**
 * A control test's runs (the latest five, as getControlTest returns them) and, for a member who
 * writes, the "Record a run" form, which calls recordTestRun through the write-tool route. Runs
 * are never edited: a mistake is corrected by recording another run.
 */
export function TestRunsPanel({
  organizationId,
  testId,
  runs,
  canWrite,
  onChange,
}: {
  organizationId: string;
  testId: string;
  runs: TestRunRow[];
  canWrite: boolean;
  onChange: () => void;
}) {
  return (
    <section className="card stack" aria-labelledby="runs-heading">
      <h2 id="runs-heading">Runs</h2>
      {runs.length === 0 ? (
        <p className="hint">No run recorded yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Period</th>
              <th>Result</th>
              <th>Samples</th>
              <th>Exceptions</th>
              <th>Evidence</th>
              <th>Performed</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id}>
                <td>
                  {run.period_start} – {run.period_end}
                </td>
                <td>
                  <Chip value={run.result} />
                </td>
                <td>{run.samples_tested}</td>
                <td>{run.exceptions.join('; ') || '—'}</td>
                <td>
                  {run.evidence_ids.length === 0
                    ? '—'
                    : run.evidence_ids.map((id) => (
                        <Link key={id} to={recordPath('evidence', id)}>
                          {id}
                        </Link>
                      ))}
                </td>
                <td>{formatTime(run.performed_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canWrite && <RecordRunForm organizationId={organizationId} testId={testId} onDone={onChange} />}
    </section>
  );
}

function RecordRunForm({
  organizationId,
  testId,
  onDone,
}: {
  organizationId: string;
  testId: string;
  onDone: () => void;
}) {
  const [form, setForm] = useState({ start: '', end: '', samples: '', result: 'PASSED', exceptions: '' });
  const [raise, setRaise] = useState('');
  const [evidence, setEvidence] = useState<string[]>([]);
  const { error, busy, submit: run } = useSubmit();
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const exceptions = form.exceptions
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    await run(async () => {
      await api(`/orgs/${organizationId}/tools/recordTestRun`, {
        method: 'POST',
        body: {
          control_test_id: testId,
          period_start: form.start,
          period_end: form.end,
          samples_tested: Number(form.samples),
          result: form.result,
          ...(exceptions.length ? { exceptions } : {}),
          ...(evidence.length ? { evidence_ids: evidence } : {}),
          ...(raise ? { raise_nonconformity: { severity: raise } } : {}),
          idempotency_key: crypto.randomUUID(),
        },
      });
      setForm({ start: '', end: '', samples: '', result: 'PASSED', exceptions: '' });
      setRaise('');
      setEvidence([]);
      onDone();
    });
  };
  return (
    <form className="stack" aria-labelledby="record-run-heading" onSubmit={submit}>
      <h3 id="record-run-heading">Record a run</h3>
      <label className="stack">
        <span>Period start</span>
        <input type="date" required value={form.start} onChange={set('start')} />
      </label>
      <label className="stack">
        <span>Period end</span>
        <input type="date" required value={form.end} onChange={set('end')} />
      </label>
      <label className="stack">
        <span>Samples tested</span>
        <input type="number" min={0} required value={form.samples} onChange={set('samples')} />
      </label>
      <label className="stack">
        <span>Result</span>
        <select value={form.result} onChange={set('result')}>
          <Options values={RESULTS} />
        </select>
      </label>
      <label className="stack">
        <span>Exceptions (one per line)</span>
        <textarea rows={3} value={form.exceptions} onChange={set('exceptions')} />
      </label>
      <label className="stack">
        <span>Raise from the exceptions</span>
        <select value={raise} onChange={(e) => setRaise(e.target.value)}>
          {RAISE.map(([severity, label]) => (
            <option key={severity} value={severity}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="stack" htmlFor="run-evidence">
        <span>Evidence of the run</span>
        <RecordPicker
          organizationId={organizationId}
          register="evidence"
          id="run-evidence"
          multiple
          value={evidence}
          onChange={(value) => setEvidence(value as string[])}
        />
      </label>
      <ErrorNote error={error} />
      <BusySubmit busy={busy} label="Record run" busyLabel="Recording…" />
    </form>
  );
}
