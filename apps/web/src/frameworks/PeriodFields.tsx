import { useState } from 'react';

const today = () => new Date().toISOString().slice(0, 10);

/** The first day of the quarter before the current one, as a starting suggestion. */
function lastQuarterStart(): string {
  const now = new Date();
  const quarter = Math.floor(now.getUTCMonth() / 3);
  return new Date(Date.UTC(now.getUTCFullYear(), (quarter - 1) * 3, 1)).toISOString().slice(0, 10);
}

/**
 * A period's two dates (from the start of last quarter to today). `check()` says whether they make a
 * period and keeps what is wrong with them as `problem`, for PeriodProblem to show.
 */
export function usePeriod() {
  const [start, setStart] = useState(lastQuarterStart());
  const [end, setEnd] = useState(today());
  const [problem, setProblem] = useState<string | null>(null);
  const check = (): boolean => {
    const wrong =
      !start || !end
        ? 'Give the first and the last day of the period.'
        : end < start
          ? 'The period ends before it starts.'
          : null;
    setProblem(wrong);
    return wrong === null;
  };
  return { start, end, setStart, setEnd, problem, check };
}

/** What is wrong with the period, after a `check()` found it wrong. */
export function PeriodProblem({ period }: { period: ReturnType<typeof usePeriod> }) {
  return period.problem ? (
    <p className="error" role="alert">
      {period.problem}
    </p>
  ) : null;
}

/** The "Period from … to …" date inputs of a period form. */
export function PeriodFields({ period }: { period: ReturnType<typeof usePeriod> }) {
  return (
    <>
      <label>
        Period from
        <input type="date" required value={period.start} onChange={(e) => period.setStart(e.target.value)} />
      </label>
      <label>
        to
        <input type="date" required value={period.end} onChange={(e) => period.setEnd(e.target.value)} />
      </label>
    </>
  );
}
