import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import type { Project } from 'ts-morph';
import { type EmittedFile, generatedHeader } from '../emit/header.js';

/** Final text of every emitted file: header, normalized whitespace, one trailing newline. */
export function renderFiles(a: {
  project: Project;
  files: readonly EmittedFile[];
}): Map<string, { text: string; mode: EmittedFile['mode'] }> {
  const out = new Map<string, { text: string; mode: EmittedFile['mode'] }>();
  for (const f of [...a.files].sort((x, y) => (x.path < y.path ? -1 : 1))) {
    if (f.text !== undefined) {
      out.set(f.path, { text: `${f.text.trim()}\n`, mode: f.mode });
      continue;
    }
    const source = a.project.getSourceFileOrThrow(f.path);
    source.formatText({
      indentSize: 2,
      tabSize: 2,
      convertTabsToSpaces: true,
      ensureNewLineAtEndOfFile: true,
    });
    const body = source
      .getFullText()
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    const spaced = spaceTopLevel(body);
    const header = f.mode === 'generated' ? generatedHeader(f.sources) : '';
    out.set(f.path, { text: `${header}${spaced}\n`, mode: f.mode });
  }
  return out;
}

export interface Drift {
  stale: string[];
  missing: string[];
  extra: string[];
}

/** Compares rendered files with the disk. `create-once` files only count when missing. */
export function findDrift(a: {
  root: string;
  files: Map<string, { text: string; mode: EmittedFile['mode'] }>;
  generatedDirs: readonly string[];
}): Drift {
  const drift: Drift = { stale: [], missing: [], extra: [] };
  for (const [path, f] of a.files) {
    const abs = join(a.root, path);
    if (!existsSync(abs)) drift.missing.push(path);
    else if (f.mode === 'generated' && readFileSync(abs, 'utf8') !== f.text) drift.stale.push(path);
  }
  for (const path of listGenerated(a)) if (!a.files.has(path)) drift.extra.push(path);
  return drift;
}

/** Writes missing or changed files and deletes generated files nothing produces any more. */
export function writeFiles(a: {
  root: string;
  files: Map<string, { text: string; mode: EmittedFile['mode'] }>;
  generatedDirs: readonly string[];
}): Drift {
  const drift = findDrift(a);
  for (const path of [...drift.stale, ...drift.missing]) {
    const abs = join(a.root, path);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, a.files.get(path)?.text ?? '');
  }
  for (const path of drift.extra) rmSync(join(a.root, path));
  return drift;
}

function listGenerated(a: { root: string; generatedDirs: readonly string[] }): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = join(a.root, rel);
    if (!existsSync(abs)) return;
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const child = posix.join(rel, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(child);
      else if (/\.gen\.(ts|json)$/.test(entry.name)) out.push(child);
    }
  };
  a.generatedDirs.forEach(walk);
  return out.sort();
}

/** A blank line after the imports and before every top-level JSDoc block, for readable diffs. */
function spaceTopLevel(body: string): string {
  const out: string[] = [];
  for (const line of body.split('\n')) {
    const prev = out[out.length - 1];
    const afterImports = prev?.startsWith('import ') && line !== '' && !line.startsWith('import ');
    if (prev && prev !== '' && (line.startsWith('/**') || afterImports)) out.push('');
    out.push(line);
  }
  return out.join('\n');
}
