import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitAll, readModel } from '../src/generate.js';
import { formatDiagnostics } from '../src/validate/diagnostic.js';
import { handWritten, makeSandbox, typecheck } from './helpers/sandbox.js';

const fixtures = join(import.meta.dirname, 'fixtures/golden');
const update = process.env.UPDATE_GOLDEN === '1';

function listFiles(dir: string, rel = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name), posix.join(rel, e.name)) : [posix.join(rel, e.name)],
  );
}

describe.each(readdirSync(fixtures).sort())('golden fixture %s', (name) => {
  const root = join(fixtures, name);
  const expectedDir = join(root, 'expected');

  it('generates exactly the committed expected files', () => {
    const { model, diagnostics } = readModel(root);
    expect(formatDiagnostics(diagnostics)).toBe('');
    const files = emitAll(model!);
    if (update) {
      for (const [path, f] of files) {
        mkdirSync(dirname(join(expectedDir, path)), { recursive: true });
        writeFileSync(join(expectedDir, path), f.text);
      }
    }
    expect([...files.keys()].sort()).toEqual(listFiles(expectedDir).sort());
    for (const [path, f] of files) expect(f.text, path).toBe(readFileSync(join(expectedDir, path), 'utf8'));
  });

  it('expected files type-check against real zod', () => {
    const files = new Map(listFiles(expectedDir).map((p) => [p, readFileSync(join(expectedDir, p), 'utf8')]));
    const dir = makeSandbox({ copy: handWritten, files });
    expect(
      typecheck({ dir, include: ['packages/schemas/src', 'packages/client/src', 'apps/server/src/tools'] }),
    ).toBe('');
  });
});
