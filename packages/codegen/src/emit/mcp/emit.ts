import { type Project, StructureKind, VariableDeclarationKind } from 'ts-morph';
import type { Model, Tool } from '../../model/types.js';
import { moduleSpecifier, names, paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';
import { writeLiteral } from '../literal.js';
import { leanInputSchema, leanOutputSchema } from './lean-schema.js';

/**
 * Only the hints that differ from MCP's defaults (readOnly false, destructive true, idempotent
 * false, openWorld true); destructive and idempotent mean nothing for a read-only tool.
 */
function hints(tool: Tool): Record<string, boolean> {
  const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = tool.annotations;
  return {
    ...(readOnlyHint && { readOnlyHint }),
    ...(!readOnlyHint && !destructiveHint && { destructiveHint }),
    ...(!readOnlyHint && idempotentHint && { idempotentHint }),
    ...(!openWorldHint && { openWorldHint }),
  };
}

/** The record types that some list tool's items describe in full. */
function listedTypes(model: Model): Set<string> {
  const out = new Set<string>();
  for (const tool of model.tools) {
    if (!tool.pagination || tool.output.kind !== 'object') continue;
    const items = tool.output.fields.find((f) => f.name === tool.pagination?.items)?.type;
    if (items?.kind === 'array' && items.items.kind === 'ref') out.add(items.items.name);
  }
  return out;
}

/**
 * A register's record is described once, by its list tool's items; a get, add or update tool that
 * returns that same record (its description says so) declares only that it returns an object.
 */
function outputSchema({ tool, model, listed }: { tool: Tool; model: Model; listed: Set<string> }) {
  if (tool.kind !== 'list' && tool.output.kind === 'ref' && listed.has(tool.output.name)) {
    return { type: 'object' };
  }
  const node =
    tool.output.kind === 'ref' ? tool.output : { kind: 'object' as const, fields: tool.output.fields };
  return leanOutputSchema({ node, model });
}

/**
 * The toolset a tool belongs to, for `?toolsets=` and its icon: reports form their own, every other
 * tool belongs to the register its name is about (`listFrameworkControls` → `frameworks`).
 */
export function toolsetOf(tool: Tool): string {
  if (tool.kind === 'report') return 'reports';
  const noun =
    tool.name
      .slice(tool.kind.length)
      .match(/^[A-Z][a-z]*/)?.[0]
      ?.toLowerCase() ?? tool.name;
  if (noun.endsWith('s')) return noun;
  return noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`;
}

/** One tool's tools/list entry, with its toolset. */
function entry({ tool, model, listed }: { tool: Tool; model: Model; listed: Set<string> }) {
  return { toolset: toolsetOf(tool), tool: toolEntry({ tool, model, listed }) };
}

function toolEntry({ tool, model, listed }: { tool: Tool; model: Model; listed: Set<string> }) {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: leanInputSchema({ fields: tool.input, model, showNull: tool.kind !== 'add' }),
    outputSchema: outputSchema({ tool, model, listed }),
    annotations: hints(tool),
  };
}

/** `mcp-tools.gen.ts`: the tools/list entry of every tool, lean (see lean-schema.ts). */
export function emitMcpTools(a: { model: Model; project: Project }): EmittedFile {
  const path = paths.schemas.mcpTools;
  const listed = listedTypes(a.model);
  const entries = a.model.tools.map((tool) => entry({ tool, model: a.model, listed }));
  a.project.createSourceFile(
    path,
    {
      statements: [
        {
          kind: StructureKind.ImportDeclaration,
          isTypeOnly: true,
          moduleSpecifier: moduleSpecifier({ from: path, to: paths.schemas.definition }),
          namedImports: [names.mcpToolEntryType],
        },
        {
          kind: StructureKind.VariableStatement,
          isExported: true,
          docs: [
            'What tools/list says of every tool, in name order: full input descriptions, output schemas without prose.',
          ],
          declarationKind: VariableDeclarationKind.Const,
          declarations: [
            {
              name: names.mcpTools,
              type: `readonly ${names.mcpToolEntryType}[]`,
              initializer: (w) => writeLiteral(w, entries),
            },
          ],
        },
      ],
    },
    { overwrite: true },
  );
  return { path, sources: a.model.tools.map((t) => t.source), mode: 'generated' };
}
