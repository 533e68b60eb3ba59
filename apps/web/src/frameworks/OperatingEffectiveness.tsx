import type { GetOperatingEffectivenessOutput, OperatingWindow } from '@comply/schemas';
import { type FormEvent, useState } from 'react';
import { api, toQuery } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { Link } from '../components/Link.js';
import { StateBars } from '../components/StateBars.js';
import { humanize } from '../format.js';
import { plural } from '../plural.js';
import { recordPath } from '../records/registry.js';
import { PeriodFields, PeriodProblem, usePeriod } from './PeriodFields.js';

type Effectiveness = GetOperatingEffectivenessOutput;

const WINDOW_LABEL: Record<OperatingWindow['status'], string> = {
  PASSED: 'Passed',
  PASSED_WITH_EXCEPTIONS: 'Passed with exceptions',
  FAILED: 'Failed',
  MISSING: 'Missing',
  NOT_DUE: 'Not due yet',
};

/** One expected window of a test: its dates, what happened, and the run that covers it. */
function WindowItem({ window, testId }: { window: OperatingWindow; testId: string }) {
  const text = `${window.start} – ${window.end}: ${WINDOW_LABEL[window.status]}`;
  return (
    <li className={`window window-${window.status.toLowerCase()}`}>
      {window.run_id ? <Link to={recordPath('control_tests', testId)}>{text}</Link> : text}
    </li>
  );
}

/**
 * Operating effectiveness of a framework over a period (getOperatingEffectiveness): for each control
 * whose measures have active tests, every window its tests' frequencies expect, and whether a run
 * covered it and passed. A SOC 2 Type II period shows its missing quarter here.
 */
export function OperatingEffectiveness({
  organizationId,
  frameworkId,
}: {
  organizationId: string;
  frameworkId: string;
}) {
  const period = usePeriod();
  const [report, setReport] = useState<Effectiveness | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);

  const show = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!period.check()) return;
    setLoading(true);
    setError(null);
    const query = toQuery({ period_start: period.start, period_end: period.end });
    api<Effectiveness>(`/orgs/${organizationId}/operating-effectiveness/${frameworkId}${query}`)
      .then(setReport, setError)
      .finally(() => setLoading(false));
  };

  return (
    <section className="card stack" aria-labelledby="effectiveness-heading">
      <h2 id="effectiveness-heading">Operating effectiveness</h2>
      <p className="hint">
        Were the controls tested as often as their test plans say over a period, and did the runs pass? Each
        control with active tests is listed with every window its tests expect.
      </p>
      <form className="inline-form" onSubmit={show} aria-label="Operating effectiveness period">
        <PeriodFields period={period} />
        <button type="submit" disabled={loading}>
          {loading ? 'Checking…' : 'Show'}
        </button>
      </form>
      <PeriodProblem period={period} />
      <ErrorNote error={error} />
      {report && <EffectivenessTable report={report} />}
    </section>
  );
}

function EffectivenessTable({ report }: { report: Effectiveness }) {
  const tested = plural({ count: report.tested_control_count, singular: 'control' });
  return (
    <>
      <p>
        {report.period_start} – {report.period_end}: {tested} with tests, {report.untested_control_count}{' '}
        without.
      </p>
      <StateBars title="Controls by state over the period" counts={report.state_counts} />
      {report.controls.length === 0 ? (
        <p className="hint">
          No control of this framework has an active test. Add test plans to its measures.
        </p>
      ) : (
        <table aria-label="Operating effectiveness by control">
          <thead>
            <tr>
              <th scope="col">Control</th>
              <th scope="col">State</th>
              <th scope="col">Tests and their windows</th>
            </tr>
          </thead>
          <tbody>
            {report.controls.map((control) => (
              <tr key={control.code}>
                <th scope="row">
                  {control.code} {control.title}
                </th>
                <td>{humanize(control.state)}</td>
                <td>
                  {control.tests.map((test) => (
                    <div key={test.control_test_id}>
                      <Link to={recordPath('control_tests', test.control_test_id)}>{test.title}</Link> (
                      {humanize(test.frequency)})
                      <ul className="windows">
                        {test.windows.map((window) => (
                          <WindowItem key={window.start} window={window} testId={test.control_test_id} />
                        ))}
                      </ul>
                    </div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
