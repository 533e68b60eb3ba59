import type { DemoSeed } from '@comply/storage';

/** The lines `comply seed --demo` prints: the organization, then one line per register. */
export function demoSummary(seed: DemoSeed): string {
  const width = Math.max(...Object.keys(seed.counts).map((name) => name.length));
  const rows = Object.entries(seed.counts).map(([name, count]) => `  ${name.padEnd(width)}  ${count}`);
  return [`Created the demo organization "${seed.organizationName}" (${seed.organizationId}):`, ...rows].join(
    '\n',
  );
}
