import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readModel } from '../src/generate.js';
import { formatDiagnostics } from '../src/validate/diagnostic.js';

const fixtures = join(import.meta.dirname, 'fixtures/invalid');

describe.each(readdirSync(fixtures).sort())('invalid fixture %s', (name) => {
  it('reports exactly the expected diagnostics and builds no model', () => {
    const { model, diagnostics } = readModel(join(fixtures, name));
    const text = `${formatDiagnostics(diagnostics)}\n`;
    const expectedPath = join(fixtures, name, 'expected.txt');
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(expectedPath)) writeFileSync(expectedPath, text);
    expect(model).toBeUndefined();
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(text).toBe(readFileSync(expectedPath, 'utf8'));
  });
});
