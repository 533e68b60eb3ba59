import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { IndentationText, Project, QuoteKind, ts } from 'ts-morph';
import * as zod from 'zod';
import type { Model } from '../../model/types.js';
import { names, paths } from '../../naming/naming.js';
import { emitSharedSchemas } from './shared.js';
import { emitToolSchemas } from './tool.js';

type Exports = Record<string, unknown>;

/** What the generator needs of the emitted schemas: their zod values and the JSON Schema derivation. */
export interface LiveSchemas {
  /** The exports of `shared.gen.ts` (`riskSchema`, `pageInputShape`, …). */
  shared: Exports;
  /** Each tool's zod input and output (`listRisksInput`, `listRisksOutput`). */
  tool: (name: string) => { input: zod.ZodType; output: zod.ZodType };
  /** `deriveJsonSchema` of packages/schemas/src/json-schema.ts, the one the server runs. */
  deriveJsonSchema: (
    schema: zod.core.$ZodType,
    options: { io: 'input' | 'output'; refs?: ReadonlyMap<zod.core.$ZodType, string> },
  ) => Record<string, unknown>;
}

/** The hand-written derivation, read beside the generator (it is part of the same repository). */
const jsonSchemaSource = new URL(`../../../../../${paths.schemas.jsonSchema}`, import.meta.url);

const cache = new WeakMap<Model, LiveSchemas>();

/**
 * The schemas the generator emits for `model`, loaded: the zod code of `shared.gen.ts` and of
 * `tools.gen.ts` is emitted into a project of its own, compiled to CommonJS and run with zod,
 * so OpenAPI and the example checks derive their JSON Schemas from the very zod the server validates
 * with (through the same `deriveJsonSchema`), not from a second translation of the specs.
 */
export function liveSchemas(model: Model): LiveSchemas {
  const cached = cache.get(model);
  if (cached) return cached;
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Single },
  });
  emitSharedSchemas({ model, project });
  emitToolSchemas({ model, project });
  const sources = new Map<string, string>();
  for (const file of project.getSourceFiles())
    sources.set(file.getFilePath().replace(/^\//, ''), file.getFullText());
  sources.set(paths.schemas.jsonSchema, readFileSync(jsonSchemaSource, 'utf8'));
  const loaded = new Map<string, Exports>();
  const load = (path: string): Exports => {
    const done = loaded.get(path);
    if (done) return done;
    const text = sources.get(path);
    if (text === undefined) throw new Error(`The generator cannot load ${path}`);
    const exports: Exports = {};
    loaded.set(path, exports);
    const js = ts.transpileModule(text, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const require = (specifier: string): unknown => {
      if (specifier === 'zod') return zod;
      if (!specifier.startsWith('.')) throw new Error(`${path} imports ${specifier}`);
      return load(posix.join(posix.dirname(path), specifier).replace(/\.js$/, '.ts'));
    };
    new Function('exports', 'require', js)(exports, require);
    return exports;
  };
  const derive = load(paths.schemas.jsonSchema).deriveJsonSchema as LiveSchemas['deriveJsonSchema'];
  const live: LiveSchemas = {
    shared: load(paths.schemas.shared),
    tool: (name) => {
      const exports = load(paths.schemas.tools);
      return {
        input: exports[names.toolInputSchema(name)] as zod.ZodType,
        output: exports[names.toolOutputSchema(name)] as zod.ZodType,
      };
    },
    deriveJsonSchema: derive,
  };
  cache.set(model, live);
  return live;
}
