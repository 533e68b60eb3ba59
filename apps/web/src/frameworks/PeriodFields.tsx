import { useState } from 'react';

const today = () => new Date().toISOString().slice(0, 10);

/** The first day of the quarter before the current one, as a starting suggestion. */
function lastQuarterStart(): string {
  const now = new Date();
  const quarter = Math.floor(now.getUTCMonth() / 3);
  return new Date(Date.UTC(now.getUTCFullYear(), (quarter - 1) * 3, 1)).toISOString().slice(0, 10);
}

/** A period's two dates (from the start of last quarter to today), and what is wrong with them. */
export function usePeriod() {
  const [start, setStart] = useState(lastQuarterStart());
  const [end, setEnd] = useState(today());
  const problem = (): string | null => {
    if (!start || !end) return 'Give the first and the last day of the period.';
    if (end < start) return 'The period ends before it starts.';
    return null;
  };
  return { start, end, setStart, setEnd, problem };
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
