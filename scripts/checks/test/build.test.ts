import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './repo-root.js';

const readJson = (path: string) => JSON.parse(readFileSync(join(repoRoot, path), 'utf8'));
const COMPILED = [
  'packages/client',
  'packages/codegen',
  'packages/schemas',
  'packages/storage',
  'apps/server',
];

describe('the build', () => {
  const shared = readJson('tsconfig.build.json').compilerOptions;

  it('is shared by every compiled package', () => {
    for (const dir of COMPILED) {
      expect(readJson(`${dir}/tsconfig.build.json`), dir).toEqual({ extends: '../../tsconfig.build.json' });
      // The server also bundles its MCP Apps views after the TypeScript build.
      const after = dir === 'apps/server' ? ' && tsx scripts/build-views.ts' : '';
      expect(readJson(`${dir}/package.json`).scripts.build, dir).toBe(`tsc -p tsconfig.build.json${after}`);
    }
  });

  it('emits without type-checking again (npm run typecheck does that) and incrementally', () => {
    expect(shared).toMatchObject({ noCheck: true, incremental: true });
    // Inside dist, so that turbo's cache restores it together with the output it describes.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: tsconfig's own ${configDir} variable
    expect(shared.tsBuildInfoFile).toBe('${configDir}/dist/.tsbuildinfo');
  });

  it('reads other workspace packages from their built declarations, not their sources', () => {
    expect(readJson('tsconfig.base.json').compilerOptions.customConditions).toContain('@comply/source');
    expect(shared.customConditions).toEqual([]);
  });

  it('is redone only when something built changes', () => {
    const turbo = readJson('turbo.json');
    expect(turbo.globalDependencies).toEqual(['tsconfig.base.json', 'tsconfig.build.json']);
    expect(turbo.tasks.build.inputs).toEqual(expect.arrayContaining(['!test/**', '!**/*.test.ts']));
  });

  it('behind `npm start` covers only the server, what it depends on and the console, and prints progress', () => {
    const start: string = readJson('package.json').scripts.start;
    expect(start).toBe(
      'turbo run build --filter=@comply/server... --filter=@comply/web --output-logs=new-only && node apps/server/bin/comply.js serve',
    );
  });
});
