import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../../', import.meta.url));

/** The TypeScript block after `<!-- openapi-client -->` in docs/clients.md. */
function documentedSnippet(): string {
  const doc = readFileSync(join(repo, 'docs/clients.md'), 'utf8');
  const match = /<!-- openapi-client -->\s*```ts\n([\s\S]*?)```/.exec(doc);
  if (!match?.[1]) throw new Error('docs/clients.md has no openapi-client snippet');
  return match[1];
}

describe('a client generated from /api/openapi.json (openapi-typescript + openapi-fetch)', () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer({ driver: 'pglite' });
    // Inside the repository's node_modules so the snippet resolves openapi-fetch like a user's project.
    mkdirSync(join(repo, 'node_modules/.cache'), { recursive: true });
    dir = mkdtempSync(join(repo, 'node_modules/.cache/openapi-client-'));
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    const ast = await openapiTS(new URL(`${server.url}/api/openapi.json`), { defaultNonNullable: false });
    writeFileSync(join(dir, 'comply.d.ts'), astToString(ast));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await server?.stop();
  });

  it('the documented snippet type-checks, and a wrong filter value does not', async () => {
    const snippet = documentedSnippet();
    const wrong = `${snippet}\n// @ts-expect-error SOMETIMES is not a RiskStatus\nawait comply.POST('/api/mcp/tools/listRisks', { body: { organization_id: 'org_1', status: ['SOMETIMES'] } });\n`;
    writeFileSync(join(dir, 'usage.ts'), wrong);
    const tsc = join(repo, 'node_modules/typescript/bin/tsc');
    const args = [
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--target',
      'es2022',
      '--skipLibCheck',
      'usage.ts',
    ];
    const result = await run(process.execPath, [tsc, ...args], { cwd: dir }).catch((e) => e);
    expect(`${result.stdout ?? ''}${result.stderr ?? ''}`).toBe('');
  }, 120_000);

  it('the documented snippet runs against the server', async () => {
    const js = ts.transpileModule(documentedSnippet(), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const live = js
      .replace("'http://127.0.0.1:8787'", JSON.stringify(server.url))
      .replace("'org_…'", JSON.stringify(server.owner.organizationId));
    writeFileSync(join(dir, 'usage.mjs'), live);
    await server.call('addRisk', {
      organization_id: server.owner.organizationId,
      name: 'Ransomware',
      inherent_likelihood: 4,
      inherent_impact: 5,
    });
    const { stdout } = await run(process.execPath, ['usage.mjs'], {
      cwd: dir,
      env: { ...process.env, COMPLY_API_TOKEN: server.owner.token },
    });
    expect(stdout.trim()).toBe('20 Ransomware');
  });
});
