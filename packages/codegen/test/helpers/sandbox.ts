import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real repository root. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Hand-written package files the generated code imports. */
export const handWritten = [
  'packages/schemas/src/definition.ts',
  'packages/schemas/src/lean-schema.ts',
  'packages/schemas/src/json-schema.ts',
  'packages/schemas/src/form-definition.ts',
  'packages/schemas/src/register-definition.ts',
  'packages/client/src/core.ts',
  'packages/client/src/errors.ts',
  'packages/client/src/pages.ts',
];

/**
 * The handler contract the generated server files rely on (ToolHandler, notImplemented). The real
 * apps/server/src/tools/handler.ts re-exports the server's own context and errors, so sandboxes use
 * this stand-in instead of copying the whole server.
 */
const handlerContract = `import type { ToolArgs, ToolName, ToolOutputs } from '@comply/schemas';
export interface ToolContext { organizationId?: string | undefined }
export type ToolHandler<N extends ToolName> = (ctx: ToolContext, args: ToolArgs[N]) => Promise<ToolOutputs[N]>;
export function notImplemented(tool: ToolName): never {
  throw new Error(\`NOT_IMPLEMENTED: \${tool}\`);
}
`;

/**
 * The generic register handler the generated handler map spreads, for spec sets with a register
 * catalog: every generic tool answers NOT_IMPLEMENTED in the sandbox (the real one is in apps/server).
 */
const registerHandlerContract = `import { type GenericToolName, genericTools } from '@comply/schemas';
import { notImplemented, type ToolHandler } from './handler.js';
export const registerHandlers = Object.fromEntries(
  genericTools.map((name) => [name, async () => notImplemented(name)]),
) as unknown as { readonly [N in GenericToolName]: ToolHandler<N> };
`;

/**
 * A temporary repository: the given repo paths copied, extra files written, and a node_modules
 * whose `@comply/schemas` points at the sandbox's own packages/schemas.
 */
export function makeSandbox(a: { copy: readonly string[]; files?: ReadonlyMap<string, string> }): string {
  const dir = mkdtempSync(join(tmpdir(), 'comply-codegen-'));
  for (const path of [...a.copy, 'tsconfig.base.json'])
    cpSync(join(repoRoot, path), join(dir, path), { recursive: true });
  const files = new Map([['apps/server/src/tools/handler.ts', handlerContract], ...(a.files ?? [])]);
  if (files.has('packages/schemas/src/registers.gen.ts') || existsSync(join(dir, 'specs/registers.yaml')))
    files.set('apps/server/src/tools/register-handler.ts', registerHandlerContract);
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@comply'), { recursive: true });
  for (const entry of readdirSync(join(repoRoot, 'node_modules'))) {
    if (entry !== '@comply' && entry !== '.bin')
      symlinkSync(join(repoRoot, 'node_modules', entry), join(modules, entry));
  }
  symlinkSync(join(dir, 'packages/schemas'), join(modules, '@comply/schemas'));
  mkdirSync(join(dir, 'packages/schemas'), { recursive: true });
  writeFileSync(
    join(dir, 'packages/schemas/package.json'),
    JSON.stringify({
      name: '@comply/schemas',
      type: 'module',
      exports: { '.': { '@comply/source': './src/index.gen.ts' } },
    }),
  );
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'sandbox', private: true, type: 'module' }),
  );
  return dir;
}

/** Type-checks `include` (sandbox-relative) with the repository's compiler options; returns tsc's output. */
export function typecheck(a: { dir: string; include: readonly string[] }): string {
  writeFileSync(
    join(a.dir, 'tsconfig.check.json'),
    JSON.stringify({
      extends: './tsconfig.base.json',
      compilerOptions: { noEmit: true },
      include: a.include,
    }),
  );
  try {
    execFileSync(
      process.execPath,
      [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.check.json'],
      {
        cwd: a.dir,
        encoding: 'utf8',
      },
    );
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}
