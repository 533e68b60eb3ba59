import { IndentationText, Project, QuoteKind } from 'ts-morph';
import { emitClient } from './emit/client/emit.js';
import { emitHandlers } from './emit/handlers/emit.js';
import type { EmittedFile } from './emit/header.js';
import { emitOpenApi } from './emit/openapi/emit.js';
import { emitSchemas } from './emit/schemas/emit.js';
import { emitStorage } from './emit/storage/emit.js';
import { formatSpecFiles } from './format/specs.js';
import { listSpecFiles, loadSpecs } from './load/load.js';
import { buildModel } from './model/build.js';
import type { Model } from './model/types.js';
import { paths } from './naming/naming.js';
import { type Drift, findDrift, renderFiles, writeFiles } from './output/output.js';
import { type Diagnostic, sortDiagnostics } from './validate/diagnostic.js';
import { checkExamples } from './validate/examples.js';
import { validateSpecs } from './validate/validate.js';

/** load → validate → model → examples checked against the model's schemas. Returns diagnostics instead of a model when the specs have problems. */
export function readModel(root: string): { model?: Model; diagnostics: Diagnostic[] } {
  const loaded = loadSpecs(root);
  const { catalog, diagnostics } = validateSpecs(loaded.files);
  const all = [...loaded.diagnostics, ...diagnostics];
  if (all.length > 0) return { diagnostics: all };
  const model = buildModel(catalog);
  const examples = checkExamples({ model, catalog });
  return examples.length > 0 ? { diagnostics: sortDiagnostics(examples) } : { model, diagnostics: [] };
}

/** Runs every emitter into one in-memory project and renders the final file texts. */
export function emitAll(model: Model) {
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      quoteKind: QuoteKind.Single,
      useTrailingCommas: true,
    },
  });
  const files: EmittedFile[] = [
    ...emitSchemas({ model, project }),
    ...emitClient({ model, project }),
    ...emitHandlers({ model, project }),
    ...emitStorage({ model, project }),
    emitOpenApi({ model }),
  ];
  return renderFiles({ project, files });
}

export interface GenerateResult {
  diagnostics: Diagnostic[];
  drift?: Drift;
  /** Specs that were not in canonical block style (rewritten unless `check`). */
  unformatted: string[];
  fileCount: number;
}

/** The whole pipeline: specs formatted, then read and emitted. `check` compares with the disk and writes nothing. */
export function generate(a: { root: string; check: boolean }): GenerateResult {
  const specFiles = listSpecFiles(a.root).map((s) => s.file);
  const unformatted = formatSpecFiles({ root: a.root, files: specFiles, write: !a.check });
  const { model, diagnostics } = readModel(a.root);
  if (!model) return { diagnostics, unformatted, fileCount: 0 };
  const files = emitAll(model);
  const io = { root: a.root, files, generatedDirs: paths.generatedDirs };
  const drift = a.check ? findDrift(io) : writeFiles(io);
  return { diagnostics, drift, unformatted, fileCount: files.size };
}
