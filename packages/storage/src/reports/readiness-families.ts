import { capped, percent } from './aggregate.js';
import type { CappedList, ControlReadiness, FamilyReadiness } from './types.js';

/** Readiness per family in document order (of each family's first control), capped at `topN`. */
export function familyReadiness(args: {
  controls: readonly { family: string | null; status: ControlReadiness }[];
  topN: number;
}): CappedList<FamilyReadiness> {
  const families = new Map<
    string | null,
    { control_count: number; ready_count: number; no_measure_count: number }
  >();
  for (const control of args.controls) {
    const family = families.get(control.family) ?? { control_count: 0, ready_count: 0, no_measure_count: 0 };
    family.control_count += 1;
    if (control.status === 'READY') family.ready_count += 1;
    if (control.status === 'NO_MEASURE') family.no_measure_count += 1;
    families.set(control.family, family);
  }
  const items = [...families].map(([family, counts]) => ({
    family,
    ...counts,
    readiness_percent: percent({ part: counts.ready_count, whole: counts.control_count }),
  }));
  return capped({ count: items.length, items: items.slice(0, args.topN) });
}
