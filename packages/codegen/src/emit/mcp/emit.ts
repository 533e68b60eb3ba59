import { type Project, StructureKind } from 'ts-morph';
import type { Model, Tool } from '../../model/types.js';
import { moduleSpecifier, names, paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';
import { Call, ConstRef, Getter, writeLiteral } from '../literal.js';
import { exportedConst } from '../statements.js';

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

const call = (fn: string, args: unknown[]) => new Call(new ConstRef(fn), args);

/**
 * A tool that returns one record (get, add, update) declares an object; a list or report names
 * its top-level fields (see leanOutputSchema).
 */
function outputSchema(tool: Tool) {
  return tool.output.kind === 'ref'
    ? { type: 'object' }
    : new Getter(
        call(names.leanOutputSchema, [new ConstRef(`${names.tools}.${tool.name}.outputJsonSchema`)]),
      );
}

/**
 * The toolset a tool belongs to, for `?toolsets=` and its icon: the register whose catalog entry
 * lists it; reports form their own; any other tool belongs to the record its name is about
 * (`listOrganizations` → `organizations`).
 */
export function toolsetOf(a: { tool: Tool; model: Model }): string {
  const { tool } = a;
  const register = a.model.registers.find((r) => r.toolNames.includes(tool.name));
  if (register) return register.plural;
  if (tool.kind === 'report') return 'reports';
  const noun =
    tool.name
      .replace(/^[a-z]+/, '')
      .match(/^[A-Z][a-z]*/)?.[0]
      ?.toLowerCase() ?? tool.name;
  if (noun.endsWith('s')) return noun;
  return noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`;
}

/** One tool's tools/list entry, with its toolset. */
function entry({ tool, model }: { tool: Tool; model: Model }) {
  return { toolset: toolsetOf({ tool, model }), tool: toolEntry({ tool }) };
}

/**
 * One tools/list entry. Its schemas are derived, on first read and once, from the tool's JSON
 * Schemas (themselves derived from its zod schemas, the one form emitted), so tools/list is
 * self-contained and importing the package derives nothing.
 */
function toolEntry({ tool }: { tool: Tool }) {
  return {
    name: tool.name,
    title: tool.title,
    // The spec wraps lines for reading; in JSON a line break costs two bytes and says nothing.
    description: tool.description.replace(/\s*\n\s*/g, ' '),
    inputSchema: new Getter(
      call(names.leanInputSchema, [
        new ConstRef(`${names.tools}.${tool.name}.inputJsonSchema`),
        tool.kind !== 'add',
      ]),
    ),
    outputSchema: outputSchema(tool),
    annotations: hints(tool),
  };
}

/** `mcp-tools.gen.ts`: the tools/list entry of every tool, lean (see lean-schema.ts). */
export function emitMcpTools(a: { model: Model; project: Project }): EmittedFile {
  const path = paths.schemas.mcpTools;
  const entries = a.model.tools.map((tool) => entry({ tool, model: a.model }));
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
          kind: StructureKind.ImportDeclaration,
          moduleSpecifier: moduleSpecifier({ from: path, to: paths.schemas.leanSchema }),
          namedImports: [names.leanInputSchema, names.leanOutputSchema],
        },
        {
          kind: StructureKind.ImportDeclaration,
          moduleSpecifier: moduleSpecifier({ from: path, to: paths.schemas.registry }),
          namedImports: [names.tools],
        },
        exportedConst({
          name: names.mcpTools,
          doc: 'What tools/list says of every tool, in name order: full input descriptions, output schemas naming top-level fields only.',
          type: `readonly ${names.mcpToolEntryType}[]`,
          init: (w) => writeLiteral(w, entries),
        }),
      ],
    },
    { overwrite: true },
  );
  return { path, sources: a.model.tools.map((t) => t.source), mode: 'generated' };
}
