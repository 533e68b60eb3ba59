import { IndentationText, Project } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { emitClientFacade } from '../src/emit/client/facade.js';
import { writeTsType } from '../src/emit/client/ts-type.js';
import { emitHandlers } from '../src/emit/handlers/emit.js';
import { liveSchemas } from '../src/emit/schemas/live.js';
import { emitRegisters } from '../src/emit/schemas/registers.js';
import { writeZodType } from '../src/emit/schemas/zod.js';
import { field, model, objectDef, register, t, tool } from '../src/model/factory.js';
import type { TypeNode } from '../src/model/types.js';
import { moduleSpecifier, names } from '../src/naming/naming.js';

const project = new Project({
  useInMemoryFileSystem: true,
  manipulationSettings: { indentationText: IndentationText.TwoSpaces },
});
const print = (write: (w: Parameters<typeof writeZodType>[0]['w']) => void) => {
  const w = project.createWriter();
  write(w);
  return w.toString();
};
const zod = (type: TypeNode, input = true) => print((w) => writeZodType({ w, type, ctx: { input } }));
const ts = (type: TypeNode) => print((w) => writeTsType({ w, type, ctx: { input: true } }));

describe('zod emitter', () => {
  it('bounds integers', () => expect(zod(t.integer({ min: 1, max: 5 }))).toBe('z.int().min(1).max(5)'));
  it('trims input strings only', () =>
    expect([zod(t.string({ maxLength: 3 })), zod(t.string(), false)]).toEqual([
      'z.string().trim().max(3)',
      'z.string()',
    ]));
  it('maps formats', () => expect(zod(t.string({ format: 'date' }))).toBe('z.iso.date()'));
  it('references shared schemas', () =>
    expect(zod(t.array(t.ref('RiskStatus', 'enum')))).toBe('z.array(riskStatusSchema)'));
  it('writes inline enums', () => expect(zod(t.enum(['a', 'b']))).toBe("z.enum(['a', 'b'])"));
});

describe('TS type emitter', () => {
  it('parenthesizes enum arrays', () => expect(ts(t.array(t.enum(['A', 'B'])))).toBe("('A' | 'B')[]"));
});

describe('client facade emitter', () => {
  const facade = (m: ReturnType<typeof model>) => {
    const { path } = emitClientFacade({ model: m, project });
    return project.getSourceFileOrThrow(path).getFullText();
  };
  it('gives list tools page and item iterators, and other tools none', () => {
    const text = facade(
      model({
        tools: [
          tool('getNote'),
          tool('listNotes', {
            kind: 'list',
            pagination: {
              items: 'notes',
              itemType: 'Note',
              orderFields: ['title'],
              orderDefault: { field: 'title', direction: 'asc' },
            },
          }),
        ],
      }),
    );
    expect(text).toContain("iterateItems({ pages: pages.listNotes(input, callOptions), key: 'notes' })");
    expect(text).toContain(
      "iteratePages<ListNotesOutput>({ call, tool: 'listNotes', input, options: callOptions })",
    );
    expect(text).not.toContain('pages.getNote');
  });
  it('imports no iterators when there is no list tool', () =>
    expect(facade(model({ tools: [tool('getNote')] }))).not.toContain('./pages.js'));
});

describe('JSON Schema derived from the emitted zod', () => {
  const note = objectDef('Note', [field('id', t.string())], { strict: true });
  const m = model({
    objects: [note],
    tools: [
      tool('addNote', {
        input: [
          field('a', t.string(), { nullable: true }),
          field('b', t.integer(), { optional: true, default: 1 }),
          field('kind', t.enum(['x', 'y']), { nullable: true, optional: true }),
          field('notes', t.array(t.ref('Note'))),
          field('main', t.ref('Note')),
          field('pinned', t.ref('Note'), { nullable: true, optional: true }),
        ],
      }),
    ],
  });
  const live = liveSchemas(m);
  const { input } = live.tool('addNote');
  const inline = live.deriveJsonSchema(input, { io: 'input' }) as { properties: Record<string, unknown> };
  const noteInline = {
    type: 'object',
    properties: { id: { type: 'string', description: 'The id.' } },
    required: ['id'],
    additionalProperties: false,
  };
  it('makes nullable scalars and enums a type union and leaves defaulted fields out of required', () =>
    expect({
      ...inline,
      properties: { a: inline.properties.a, b: inline.properties.b, kind: inline.properties.kind },
    }).toEqual({
      type: 'object',
      properties: {
        a: { type: ['string', 'null'], description: 'The a.' },
        b: { type: 'integer', description: 'The b.', default: 1 },
        kind: { type: ['string', 'null'], enum: ['x', 'y', null], description: 'The kind.' },
      },
      required: ['a', 'notes', 'main'],
      additionalProperties: false,
    }));
  it('inlines shared object types, the field description after their keywords', () => {
    expect(inline.properties.notes).toEqual({ type: 'array', items: noteInline, description: 'The notes.' });
    expect(inline.properties.main).toEqual({ ...noteInline, description: 'The main.' });
    expect(Object.keys(inline.properties.main as object).at(-1)).toBe('description');
  });
  it('wraps a nullable object in anyOf', () =>
    expect(inline.properties.pinned).toEqual({
      anyOf: [noteInline, { type: 'null' }],
      description: 'The pinned.',
    }));
  it('writes the schemas named in refs as $ref with the field description beside it', () => {
    const refs = new Map([[live.shared.noteSchema as typeof input, '#/components/schemas/Note']]);
    const withRefs = live.deriveJsonSchema(input, { io: 'input', refs }) as typeof inline;
    expect(withRefs.properties.notes).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Note' },
      description: 'The notes.',
    });
    expect(withRefs.properties.main).toEqual({ $ref: '#/components/schemas/Note', description: 'The main.' });
    expect(live.deriveJsonSchema(live.shared.noteSchema as typeof input, { io: 'input', refs })).toEqual(
      noteInline,
    );
  });
  it('leaves additionalProperties out of non-strict objects in outputs', () =>
    expect(live.deriveJsonSchema(live.tool('addNote').output, { io: 'output' })).toEqual({
      type: 'object',
      properties: {},
    }));
});

describe('naming', () => {
  it('derives every tool identifier', () =>
    expect([
      names.toolInputSchema('listRisks'),
      names.toolInputType('listRisks'),
      names.toolArgsType('listRisks'),
      names.sharedSchema('RiskStatus'),
    ]).toEqual(['listRisksInput', 'ListRisksInput', 'ListRisksArgs', 'riskStatusSchema']));
  it('builds NodeNext specifiers', () =>
    expect(moduleSpecifier({ from: 'a/b/c.ts', to: 'a/d.gen.ts' })).toBe('../d.gen.js'));
});

describe('register catalog emitters', () => {
  const notes = register('notes', 'note', { customHandlers: ['addNote'] });
  const m = model({
    tools: ['addNote', 'getNote', 'listNotes', 'updateNote', 'getReport'].map((n) => tool(n)),
    registers: [notes],
  });
  const emitted = (files: { path: string }[]) =>
    new Map(files.map((f) => [f.path, project.getSourceFileOrThrow(f.path).getFullText()]));

  it('serves plain register tools generically and stubs only the others', () => {
    const files = emitted(emitHandlers({ model: m, project }));
    expect([...files.keys()].sort()).toEqual([
      'apps/server/src/tools/handlers.gen.ts',
      'apps/server/src/tools/handlers/addNote.ts',
      'apps/server/src/tools/handlers/getReport.ts',
    ]);
    const map = files.get('apps/server/src/tools/handlers.gen.ts') ?? '';
    expect(map).toMatch(/import \{ registerHandlers \} from ["']\.\/register-handler\.js["'];/);
    expect(map).toMatch(/\.\.\.registerHandlers,\s+addNote,\s+getReport,/);
    expect(map).not.toContain('getNote');
  });

  it('spreads no generic handler when the spec set has no register catalog', () => {
    const files = emitted(emitHandlers({ model: model({ tools: [tool('getNote')] }), project }));
    expect(files.get('apps/server/src/tools/handlers.gen.ts')).not.toContain('registerHandlers');
  });

  it('lists the generic tools and each register once, in catalog order', () => {
    const [file] = emitRegisters({ model: model({ registers: [notes, register('tags', 'tag')] }), project });
    const text = project.getSourceFileOrThrow(file?.path ?? '').getFullText();
    expect(text).toContain("registerNames: readonly RegisterName[] = ['notes', 'tags'];");
    expect(text).toContain(
      "export type GenericToolName = 'addTag' | 'getNote' | 'getTag' | 'listNotes' | 'listTags' | 'updateNote' | 'updateTag';",
    );
    expect(emitRegisters({ model: model(), project })).toEqual([]);
  });
});
