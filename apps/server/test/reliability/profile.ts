/** `npm run stress` sets COMPLY_STRESS=1: long profiles; CI runs the short ones. */
export const STRESS = process.env.COMPLY_STRESS === '1';

function count({ name, ci, stress }: { name: string; ci: number; stress: number }): number {
  const raw = process.env[name];
  return raw ? Number(raw) : STRESS ? stress : ci;
}

/** fast-check runs per tool and property. */
export const FUZZ_RUNS = count({ name: 'COMPLY_FUZZ_RUNS', ci: 20, stress: 500 });

/** The fuzzing seed: fixed by COMPLY_FUZZ_SEED to replay a failure, otherwise new each run. */
export const FUZZ_SEED = Number(process.env.COMPLY_FUZZ_SEED ?? Date.now() % 2 ** 31);

/** Per-test time limit for the fuzzing properties: long profiles run far longer than CI's 30 s. */
export const FUZZ_TIMEOUT_MS = STRESS ? 900_000 : 30_000;

/** fast-check runs per OSCAL document generator (each run is one import against a live server). */
export const OSCAL_FUZZ_RUNS = count({ name: 'COMPLY_OSCAL_FUZZ_RUNS', ci: 6, stress: 100 });
