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
  // The newer registers have no category filter: their inputs never get one.
  listTasks: {
    status: ['status', ['OPEN', 'IN_PROGRESS', 'DONE', 'CANCELLED']],
    order: ['due_date', 'title', 'created_at'],
    score: false,
    category: false,
  },
  listEvidence: {
    status: ['kind', ['TEXT', 'URL', 'FILE']],
    order: ['collected_at', 'title', 'created_at'],
    score: false,
    category: false,
  },
  listDocuments: {
    status: ['status', ['DRAFT', 'IN_REVIEW', 'PUBLISHED', 'RETIRED']],
    order: ['title', 'next_review_due', 'created_at'],
    score: false,
    category: false,
  },
  listControlTests: {
    status: ['frequency', ['MONTHLY', 'QUARTERLY', 'ANNUALLY']],
    order: ['title', 'frequency', 'created_at'],
    score: false,
    category: false,
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
  if (index % 7 === 6 && spec.category !== false) input.category = pick(random, CATEGORIES);
  return input;
}

const MAX_PAGE_SIZE = 100;

/** The key a cache would see for an input: the tool and its input's JSON. */
export const inputKey = ({ tool, input }) => `${tool}${JSON.stringify(input)}`;

/** `text` with the case of its letters set by the bits of `n` (a category filter ignores case). */
function caseVariant(text, n) {
  let bit = 0;
  return text.replace(/[a-z]/gi, (c) => ((n >> bit++) & 1 ? c.toUpperCase() : c.toLowerCase()));
}

/**
 * A source of varied list inputs that never repeats one. Each input is variedListInput's draw; a
 * draw already made has its page size moved by 2, 4, 6 … up and down (within 1–100) until it is new,
 * so the mean page size stays near the drawn one. When every page size of the draw is taken (the
 * small vendor and measure filter spaces, after some thousands of requests), it gets a category
 * filter (the categories in turn) whose letters' case comes from a counter: the category filter
 * ignores case, so the work is that of a category filter, and each such input is new. `parity` (0 or 1) keeps this source's page
 * sizes even or odd, so two sources of different parity never share an input (REST and MCP on one
 * server: one door's cached replies cannot answer the other's), while two of the same parity and
 * seed give the same sequence (REST and the floor, which see the same inputs).
 */
export function uniqueListSource({ tool, seed, organizationId, searchEvery = 5, parity = 0 }) {
  const random = seededRandom(seed);
  const seen = new Set();
  let index = 0;
  let widened = 0;
  const fresh = (input, size) => {
    const key = inputKey({ tool, input: { ...input, page_size: size } });
    if (size < 1 || size > MAX_PAGE_SIZE || seen.has(key)) return false;
    seen.add(key);
    input.page_size = size;
    return true;
  };
  const next = () => {
    const input = variedListInput({ tool, random, index: index++, organizationId, searchEvery });
    const drawn = input.page_size + ((input.page_size + parity) % 2);
    for (let step = 0; step <= MAX_PAGE_SIZE; step += 2) {
      if (fresh(input, drawn + step) || (step > 0 && fresh(input, drawn - step))) return { tool, input };
    }
    for (;;) {
      const n = ++widened;
      // A register without a category filter widens by the case of a `query` instead (ILIKE).
      if (TOOLS[tool].category === false) {
        input.query = caseVariant(QUERIES[n % QUERIES.length], Math.floor(n / QUERIES.length));
      } else {
        input.category = caseVariant(CATEGORIES[n % CATEGORIES.length], Math.floor(n / CATEGORIES.length));
      }
      for (let step = 0; step <= MAX_PAGE_SIZE; step += 2) {
        if (fresh(input, drawn + step) || (step > 0 && fresh(input, drawn - step))) return { tool, input };
      }
    }
  };
  next.widened = () => widened;
  return next;
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
  // A plain write never sets ACCEPTED (only a risk acceptance does: docs/data-model.md), and CLOSED
  // needs a treatment other than ACCEPT.
  const status = pick(
    random,
    TOOLS.listRisks.status[1].filter((s) => s !== 'ACCEPTED'),
  );
  return {
    tool: 'updateRisk',
    input: {
      organization_id: organizationId,
      id: pick(random, riskIds),
      status,
      treatment: 'MITIGATE',
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
