import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.js';
import { makeSandbox, typecheck } from './helpers/sandbox.js';

// apps/server handlers are not copied: the server's real ones evolve; the sandbox gets fresh stubs.
const copy = ['specs', 'packages/schemas/src', 'packages/client/src'];

function generatedSandbox(files?: ReadonlyMap<string, string>): string {
  const dir = makeSandbox({ copy, ...(files ? { files } : {}) });
  expect(cli({ dir, argv: [] }).code).toBe(0);
  return dir;
}

function cli(a: { dir: string; argv: string[] }): { code: number; output: string } {
  const lines: string[] = [];
  const code = runCli({ root: a.dir, argv: a.argv, log: (l) => lines.push(l) });
  return { code, output: lines.join('\n') };
}

const newSpec = `name: getPing
kind: report
title: Ping
description: Answers pong; used to check that adding a tool works end to end.
annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }
input:
  organization_id: { type: string, min_length: 1, description: Organization id. }
output:
  fields:
    pong: { type: boolean, description: Always true. }
examples:
  - input: { organization_id: "org_…" }
`;

const openApiPaths = (dir: string): Record<string, Record<string, { operationId: string; tags: string[] }>> =>
  JSON.parse(readFileSync(join(dir, 'packages/schemas/src/openapi.gen.json'), 'utf8')).paths;

describe('a temporary copy of the repository', () => {
  it('adding specs/tools/getPing.yaml yields a schema, a client method and a stub that compile', () => {
    const dir = generatedSandbox();
    writeFileSync(join(dir, 'specs/tools/getPing.yaml'), newSpec);
    expect(cli({ dir, argv: ['--check'] }).code).toBe(1);
    const run = cli({ dir, argv: [] });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('created: apps/server/src/tools/handlers/getPing.ts');
    const tools = readFileSync(join(dir, 'packages/schemas/src/tools.gen.ts'), 'utf8');
    expect(tools).toContain('// getPing, from specs/tools/getPing.yaml');
    expect(tools).toContain('export const getPingInput = z.strictObject(');
    expect(tools).toMatch(/^\/\/ {3}specs\/tools\/getPing\.yaml$/m);
    expect(readFileSync(join(dir, 'packages/client/src/types.gen.ts'), 'utf8')).toContain(
      'export type GetPingOutput = {',
    );
    expect(readFileSync(join(dir, 'packages/client/src/client.gen.ts'), 'utf8')).toContain(
      "getPing: (input, callOptions) => call<GetPingOutput>({ tool: 'getPing', input, options: callOptions }),",
    );
    expect(readFileSync(join(dir, 'apps/server/src/tools/handlers/getPing.ts'), 'utf8')).toContain(
      "notImplemented('getPing')",
    );
    expect(openApiPaths(dir)['/api/mcp/tools/getPing']?.post?.operationId).toBe('getPing');
    expect(
      typecheck({ dir, include: ['packages/schemas/src', 'packages/client/src', 'apps/server/src/tools'] }),
    ).toBe('');
    expect(cli({ dir, argv: ['--check'] }).code).toBe(0);
    // Two generations and a full tsc run over the sandbox: slow on a loaded machine.
  }, 180_000);

  it('--check names an edited, a deleted and an extra generated file, writes nothing, and keeps hand-written stubs', () => {
    const dir = generatedSandbox();
    const edited = 'packages/schemas/src/tools.gen.ts';
    const stub = 'apps/server/src/tools/handlers/getRisk.ts';
    writeFileSync(join(dir, edited), `${readFileSync(join(dir, edited), 'utf8')}// hand edit\n`);
    writeFileSync(join(dir, stub), 'export const getRisk = 1;\n');
    // A per-tool module of the old layout is left over; a generated file goes missing.
    mkdirSync(join(dir, 'packages/client/src/tools'), { recursive: true });
    writeFileSync(join(dir, 'packages/client/src/tools/oldTool.gen.ts'), '// left over\n');
    rmSync(join(dir, 'packages/client/src/types.gen.ts'));
    const check = cli({ dir, argv: ['--check'] });
    expect(check.code).toBe(1);
    expect(check.output).toContain(`stale:   ${edited}`);
    expect(check.output).toContain('extra:   packages/client/src/tools/oldTool.gen.ts');
    expect(check.output).toContain('missing: packages/client/src/types.gen.ts');
    expect(check.output).toContain('npm run generate');
    expect(check.output).not.toContain(stub);
    expect(readFileSync(join(dir, edited), 'utf8')).toContain('// hand edit');
    expect(cli({ dir, argv: [] }).code).toBe(0);
    expect(existsSync(join(dir, 'packages/client/src/tools/oldTool.gen.ts'))).toBe(false);
    expect(readFileSync(join(dir, stub), 'utf8')).toBe('export const getRisk = 1;\n');
    expect(cli({ dir, argv: ['--check'] }).code).toBe(0);
  }, 180_000);

  it('a copied spec becomes an OpenAPI operation, with its examples, and nothing else needs editing', () => {
    const dir = generatedSandbox();
    const spec = readFileSync(join(dir, 'specs/tools/listFrameworkControls.yaml'), 'utf8');
    writeFileSync(
      join(dir, 'specs/tools/listSuppliers.yaml'),
      spec.replace(/^name: listFrameworkControls$/m, 'name: listSuppliers'),
    );
    const run = cli({ dir, argv: [] });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('updated: packages/schemas/src/openapi.gen.json');
    const operation = openApiPaths(dir)['/api/mcp/tools/listSuppliers']?.post;
    expect(operation?.operationId).toBe('listSuppliers');
    expect(operation?.tags).toEqual(['Suppliers']);
    expect(readFileSync(join(dir, 'packages/schemas/src/registry.gen.ts'), 'utf8')).toMatch(
      /listSuppliers: \{[\s\S]*?examples: \[/,
    );
    expect(cli({ dir, argv: ['--check'] }).code).toBe(0);
  }, 180_000);

  it('a copied register file becomes a register with its four tools and nothing else needs editing', () => {
    const dir = generatedSandbox();
    const spec = readFileSync(join(dir, 'specs/registers/vendors.yaml'), 'utf8');
    writeFileSync(
      join(dir, 'specs/registers/suppliers.yaml'),
      spec
        .replace(/^order: \d+$/m, 'order: 99')
        .replace(/^ {2}navigation: \d+$/m, '  navigation: 99')
        .replace(/^id_prefix: vnd$/m, 'id_prefix: sup')
        .replaceAll('vnd_', 'sup_')
        .replaceAll('Vendor', 'Supplier')
        .replaceAll('vendor', 'supplier'),
    );
    const run = cli({ dir, argv: [] });
    expect(run.code, run.output).toBe(0);
    const paths = openApiPaths(dir);
    for (const tool of ['listSuppliers', 'getSupplier', 'addSupplier', 'updateSupplier']) {
      expect(paths[`/api/mcp/tools/${tool}`]?.post?.tags).toEqual(['Suppliers']);
    }
    const catalog = readFileSync(join(dir, 'packages/schemas/src/registers.gen.ts'), 'utf8');
    expect(catalog).toContain('//   specs/registers/suppliers.yaml');
    expect(catalog).toMatch(/suppliers: \{[\s\S]*?idPrefix: 'sup'/);
    // Its counts field comes last: the register file's `order` places it in the catalog.
    const shared = readFileSync(join(dir, 'packages/schemas/src/shared.gen.ts'), 'utf8');
    expect(shared).toMatch(/assets: z\.int\(\)[^\n]*\n[\s\S]*?suppliers: z\.int\(\)/);
    expect(cli({ dir, argv: ['--check'] }).code).toBe(0);
  }, 180_000);

  it('generation is byte-identical across runs', () => {
    const dir = generatedSandbox();
    const before = readFileSync(join(dir, 'packages/schemas/src/registry.gen.ts'), 'utf8');
    expect(cli({ dir, argv: [] }).output).toContain('(0 changed)');
    expect(readFileSync(join(dir, 'packages/schemas/src/registry.gen.ts'), 'utf8')).toBe(before);
  }, 180_000);
});
