// Deterministic request sequences for the varied-load benchmarks (scripts/bench/varied.mjs and
// scripts/bench/explain.mjs): the same seed gives the same inputs in the same order on every run.

/** A seeded PRNG (mulberry32): returns floats in [0, 1). */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (random, values) => values[Math.floor(random() * values.length)];
const subset = (random, values) => {
  const chosen = values.filter(() => random() < 0.5);
  return chosen.length ? chosen : [pick(random, values)];
};

const CATEGORIES = ['Information security', 'Privacy', 'Continuity', 'Third party', 'Compliance', 'Cloud'];
const QUERIES = [
  'loss',
  'outage',
  'fraud',
  'breach',
  'misconf',
  'supplier',
  'human',
  '00012',
  'vendor 0',
  'measure 01',
];
const PAGE_SIZES = [10, 25, 50];

// Per tool: its status-like filter, its orderings, and what the `query` and score filters look like.
const TOOLS = {
  listRisks: {
    status: ['status', ['OPEN', 'IN_TREATMENT', 'ACCEPTED', 'CLOSED']],
    order: ['residual_score', 'name', 'created_at'],
    score: true,
  },
  listVendors: {
    status: ['risk_tier', ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL']],
    order: ['name', 'next_review_due', 'created_at'],
    score: false,
  },
  listMeasures: {
    status: ['state', ['NOT_STARTED', 'IN_PROGRESS', 'IMPLEMENTED', 'NOT_APPLICABLE']],
    order: ['name', 'state', 'created_at'],
    score: false,
  },
};

/**
 * The i-th input of a varied listing: a status set, a score floor 1–25 (risks), a page size of
 * 10/25/50, an ordering in either direction, a `query` substring on every `searchEvery`-th (5th;
 * 0: never) and a category on every 7th request.
 */
export function variedListInput({ tool, random, index, organizationId, searchEvery = 5 }) {
  const spec = TOOLS[tool];
  const input = { organization_id: organizationId, page_size: pick(random, PAGE_SIZES) };
  if (random() < 0.7) input[spec.status[0]] = subset(random, spec.status[1]);
  if (spec.score) input.min_residual_score = 1 + Math.floor(random() * 25);
  input.order_by = { field: pick(random, spec.order), direction: random() < 0.5 ? 'asc' : 'desc' };
  if (searchEvery > 0 && index % searchEvery === searchEvery - 1) input.query = pick(random, QUERIES);
  if (index % 7 === 6) input.category = pick(random, CATEGORIES);
  return input;
}

/** The i-th write of the addRisk/updateRisk mix: half new risks, half updates of known ones. */
export function writeInput({ random, index, organizationId, riskIds }) {
  const level = () => 1 + Math.floor(random() * 5);
  if (index % 2 === 0 || riskIds.length === 0) {
    return {
      tool: 'addRisk',
      input: {
        organization_id: organizationId,
        name: `Bench write ${index}`,
        category: pick(random, CATEGORIES),
        inherent_likelihood: 5,
        inherent_impact: 5,
        residual_likelihood: level(),
        residual_impact: level(),
      },
    };
  }
  return {
    tool: 'updateRisk',
    input: {
      organization_id: organizationId,
      id: pick(random, riskIds),
      status: pick(random, TOOLS.listRisks.status[1]),
      note: `Bench update ${index}`,
    },
  };
}

/** Counts how many of the keys seen so far were seen before: the best hit rate a cache could reach. */
export function repeatCounter() {
  const seen = new Set();
  let repeats = 0;
  return {
    see(key) {
      if (seen.has(key)) repeats++;
      else seen.add(key);
    },
    rate: () => (seen.size + repeats === 0 ? 0 : repeats / (seen.size + repeats)),
  };
}
