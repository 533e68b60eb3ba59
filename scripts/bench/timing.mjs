// Timing helpers the benchmarks share.

/** Milliseconds since `start`, a `process.hrtime.bigint()` reading. */
export const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

/** The median of `times` (the upper one of an even count). */
export const p50 = (times) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];

/** The p50 of `n` timed runs of `fn`, after up to `warmup` untimed ones. */
export async function timeIt(fn, { n, warmup }) {
  for (let i = 0; i < Math.min(warmup, n); i++) await fn();
  const times = [];
  for (let i = 0; i < n; i++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(ms(start));
  }
  return p50(times);
}
