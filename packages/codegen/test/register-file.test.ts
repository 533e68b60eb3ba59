import { describe, expect, it } from 'vitest';
import { parseSpec } from '../src/load/load.js';
import { validateSpecs } from '../src/validate/validate.js';

const types = `enums:
  SortDirection: { description: Sort direction., values: [asc, desc] }
pagination:
  input:
    page_size: { type: integer, optional: true, min: 1, max: 100, default: 50, description: Items per page. }
  order_by: { description: Sort order., field_description: Sort field., direction_description: Sort direction. }
  output:
    next_cursor: { type: string, nullable: true, description: Next page. }
`;
const register = (order: number) => `order: ${order}
singular: note
id_prefix: note
table: notes
title: [title]
console: { navigation: 1, columns: [title] }
enums:
  NoteColor: { description: Colour., values: [RED, BLUE] }
record:
  description: A note.
  fields:
    id: { type: string, description: Note id. }
    title: { type: string, description: Title. }
    color: { type: NoteColor, description: Colour. }
list:
  title: List notes
  description: Notes by title.
  order_by: { fields: [title], default: { field: title, direction: asc } }
  filters:
    color: { type: array, optional: true, items: { type: NoteColor }, description: Any of these colours. }
  examples: [{ input: { organization_id: "org_…" } }]
get:
  title: Get a note
  description: One note.
  examples: [{ input: { id: "note_…" } }]
add:
  title: Add a note
  description: Adds a note.
  fields:
    title: { type: string, min_length: 1, max_length: 200, description: Title. }
    color: { type: NoteColor, optional: true, default: RED, description: Colour. }
  examples: [{ input: { organization_id: "org_…", title: A } }]
update:
  title: Update a note
  description: Changes a note.
  fields:
    title: New title.
    color: New colour.
  examples: [{ input: { id: "note_…", title: B } }]
`;

function validate(files: Record<string, string>) {
  const specs = Object.entries(files).map(([file, text]) => {
    const role = file.startsWith('specs/registers/') ? 'register' : 'types';
    return parseSpec({ file, text, role }).spec;
  });
  return validateSpecs(specs);
}

describe('a register file', () => {
  it('expands into its catalog entry, record, enums and four tools with the standard fields', () => {
    const { catalog, diagnostics } = validate({
      'specs/types/types.yaml': types,
      'specs/registers/notes.yaml': register(1),
    });
    expect(diagnostics).toEqual([]);
    expect(Object.keys(catalog.registers?.raw.registers ?? {})).toEqual(['notes']);
    expect(catalog.registers?.raw.registers.notes?.tools).toEqual([
      'listNotes',
      'getNote',
      'addNote',
      'updateNote',
    ]);
    expect([...catalog.enums.keys()]).toContain('NoteColor');
    expect(catalog.objects.get('Note')?.spec.file).toBe('specs/registers/notes.yaml');
    const tool = (name: string) => catalog.tools.find((t) => t.raw.name === name)?.raw;
    expect(Object.keys(tool('listNotes')?.input ?? {})).toEqual(['organization_id', 'color']);
    expect(tool('listNotes')?.pagination).toMatchObject({ items: 'notes', item_type: 'Note' });
    expect(Object.keys(tool('getNote')?.input ?? {})).toEqual(['id', 'organization_id']);
    expect(tool('getNote')?.input?.id?.description).toBe('Note id (note_…).');
    expect(Object.keys(tool('addNote')?.input ?? {})).toEqual([
      'organization_id',
      'title',
      'color',
      'idempotency_key',
    ]);
    // An update field written as a string: the add field, optional, without its default.
    const color = tool('updateNote')?.input?.color;
    expect(color).toEqual({ type: 'NoteColor', optional: true, description: 'New colour.' });
    expect(Object.keys(tool('updateNote')?.input ?? {})).toEqual([
      'id',
      'organization_id',
      'title',
      'color',
      'expected_updated_at',
    ]);
    expect(tool('updateNote')?.annotations.idempotentHint).toBe(true);
    expect(tool('addNote')?.annotations.idempotentHint).toBe(false);
  });

  it('points a problem at its line in the register file', () => {
    const text = register(1).replace(
      'color: { type: NoteColor, description: Colour. }',
      'color: { type: NoteColour, description: Colour. }',
    );
    const { diagnostics } = validate({ 'specs/types/types.yaml': types, 'specs/registers/notes.yaml': text });
    const unknown = diagnostics.find((d) => d.code === 'UNKNOWN_TYPE');
    expect(unknown?.file).toBe('specs/registers/notes.yaml');
    expect(text.split('\n')[(unknown?.line ?? 0) - 1]).toContain('NoteColour');
  });

  it('refuses two registers with the same order', () => {
    const other = register(1)
      .replace('singular: note', 'singular: memo')
      .replace('id_prefix: note', 'id_prefix: memo')
      .replace('table: notes', 'table: memos')
      .replace('navigation: 1', 'navigation: 2');
    const { diagnostics } = validate({
      'specs/types/types.yaml': types,
      'specs/registers/notes.yaml': register(1),
      'specs/registers/memos.yaml': other,
    });
    expect(diagnostics.map((d) => d.code)).toContain('DUPLICATE_REGISTER_VALUE');
  });
});
