import { capped, percent } from './aggregate.js';
import type { ReadinessState } from './control-readiness.js';
import type { CappedList, FamilyReadiness } from './types.js';

/**
 * Readiness per family in document order (of each family's first control), capped at `topN`:
 * READY / (controls − EXCLUDED), as for the whole framework.
 */
export function familyReadiness(args: {
  controls: readonly { family: string | null; state: ReadinessState; gap_reasons: readonly string[] }[];
  topN: number;
}): CappedList<FamilyReadiness> {
  const families = new Map<
    string | null,
    { control_count: number; ready_count: number; no_measure_count: number; excluded_count: number }
  >();
  for (const control of args.controls) {
    const family = families.get(control.family) ?? {
      control_count: 0,
      ready_count: 0,
      no_measure_count: 0,
      excluded_count: 0,
    };
    family.control_count += 1;
    if (control.state === 'READY') family.ready_count += 1;
    if (control.state === 'EXCLUDED') family.excluded_count += 1;
    if (control.gap_reasons.includes('NO_MEASURE')) family.no_measure_count += 1;
    families.set(control.family, family);
  }
  const items = [...families].map(([family, counts]) => ({
    family,
    ...counts,
    readiness_percent: percent({
      part: counts.ready_count,
      whole: counts.control_count - counts.excluded_count,
    }),
  }));
  return capped({ count: items.length, items: items.slice(0, args.topN) });
}
