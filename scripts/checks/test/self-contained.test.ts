import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './repo-root.js';

const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', '.git', '.turbo', '.comply', 'coverage']);
const TEXT_FILE = /\.(md|ts|tsx|js|mjs|cjs|json|ya?ml|css|html|sh)$|^run$/;

// Written in pieces so that this file does not match itself.
const OUTSIDE_REFERENCES = [`PRODUCT${'.md'}`, `STYLE${'.md'}`, `..${'/shared/'}`, `/work${'/'}`];

function* repositoryFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) yield* repositoryFiles(join(dir, entry.name));
    } else if (entry.isFile() && TEXT_FILE.test(entry.name)) {
      yield join(dir, entry.name);
    }
  }
}

describe('the repository', () => {
  it('cites no document outside itself', () => {
    const citations: string[] = [];
    for (const file of repositoryFiles(repoRoot)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (OUTSIDE_REFERENCES.some((reference) => line.includes(reference))) {
          citations.push(`${relative(repoRoot, file)}:${index + 1}: ${line.trim()}`);
        }
      });
    }
    expect(citations).toEqual([]);
  });
});
