import type { Catalog, ToolDecl } from '../catalog.js';
import type { Diagnostic } from '../diagnostic.js';
import { checkFields } from './fields.js';

const prefixOf = {
  list: 'list',
  get: 'get',
  add: 'add',
  update: 'update',
  report: 'get',
  action: '',
} as const;
/** Verbs an `action` tool may not start with: those tools have their own kinds. */
const KIND_VERBS = /^(list|get|add|update)[A-Z]/;
const reserved = ['page_size', 'cursor', 'order_by'];

/** Checks one tool spec against the catalog. */
export function checkTool(a: { catalog: Catalog; decl: ToolDecl; report: (d: Diagnostic) => void }): void {
  const { catalog, decl, report } = a;
  const { raw, spec } = decl;
  const at = (code: string, message: string, fix: string, path: (string | number)[] = [], key = false) =>
    report({ code, file: spec.file, line: spec.lineOf(path, key), message, fix });
  const n = `\`${raw.name}\``;
  const fileName = spec.file
    .split('/')
    .pop()
    ?.replace(/\.yaml$/, '');
  if (!decl.derived && fileName !== raw.name) {
    at(
      'NAME_MISMATCH',
      `Tool ${n} is declared in \`${fileName}.yaml\`.`,
      `Rename the file to specs/tools/${raw.name}.yaml.`,
      ['name'],
    );
  }
  const actionMisnamed = raw.kind === 'action' && KIND_VERBS.test(raw.name);
  if (!raw.name.startsWith(prefixOf[raw.kind]) || actionMisnamed || !/^[a-z][A-Za-z0-9]*$/.test(raw.name)) {
    at(
      'KIND_PREFIX',
      raw.kind === 'action'
        ? `Tool ${n} of kind \`action\` must be camelCase and start with a verb other than list, get, add, update.`
        : `Tool ${n} of kind \`${raw.kind}\` must be camelCase and start with \`${prefixOf[raw.kind]}\`.`,
      'Rename the tool or change its kind.',
      ['name'],
    );
  }
  if (!raw.description?.trim()) {
    at(
      'MISSING_DESCRIPTION',
      `Tool ${n} has no description.`,
      'Add a `description:` saying when to use the tool, its filters and what it returns.',
      ['name'],
    );
  }
  const write = raw.kind === 'add' || raw.kind === 'update' || raw.kind === 'action';
  const ann = raw.annotations;
  if (write && ann.readOnlyHint) {
    at(
      'WRITE_TOOL_READ_ONLY',
      `Write tool ${n} is marked readOnlyHint: true.`,
      'Set `readOnlyHint: false`.',
      ['annotations', 'readOnlyHint'],
    );
  }
  if (!write && !ann.readOnlyHint) {
    at(
      'ANNOTATION_MISMATCH',
      `Read tool ${n} is not marked readOnlyHint: true.`,
      'Set `readOnlyHint: true`.',
      ['annotations', 'readOnlyHint'],
    );
  }
  if (raw.kind === 'update' && !ann.idempotentHint) {
    at(
      'ANNOTATION_MISMATCH',
      `Update tool ${n} is not marked idempotentHint: true.`,
      'Set `idempotentHint: true`.',
      ['annotations', 'idempotentHint'],
    );
  }
  if (ann.destructiveHint) {
    at(
      'ANNOTATION_MISMATCH',
      `Tool ${n} is marked destructiveHint: true, but no Comply tool destroys data.`,
      'Set `destructiveHint: false`.',
      ['annotations', 'destructiveHint'],
    );
  }
  if (ann.openWorldHint) {
    at(
      'ANNOTATION_MISMATCH',
      `Tool ${n} is marked openWorldHint: true, but tools only touch Comply's own data.`,
      'Set `openWorldHint: false`.',
      ['annotations', 'openWorldHint'],
    );
  }
  const input = raw.input ?? {};
  // An idempotent action (archiveRecord) needs no retry key: repeating it changes nothing.
  const needsKey = raw.kind === 'add' || (raw.kind === 'action' && !ann.idempotentHint);
  if (needsKey && !input.idempotency_key) {
    at(
      'MISSING_IDEMPOTENCY_KEY',
      `${raw.kind === 'add' ? 'Add' : 'Action'} tool ${n} has no \`idempotency_key\` input.`,
      'Add the optional `idempotency_key` field (string, 1-200).',
      ['input'],
      true,
    );
  }
  if (raw.kind === 'update' && !input.expected_updated_at) {
    at(
      'MISSING_EXPECTED_UPDATED_AT',
      `Update tool ${n} has no \`expected_updated_at\` input.`,
      'Add the optional `expected_updated_at` field (string, format date-time).',
      ['input'],
      true,
    );
  }
  const referenced = new Set<string>();
  const ctx = { catalog, file: spec.file, lineOf: spec.lineOf, owner: raw.name, referenced, report };
  checkFields({ ctx: { ...ctx, input: true }, fields: input, path: ['input'] });
  checkPaging({ catalog, decl, at, referenced });
  if (raw.output && 'fields' in raw.output) {
    checkFields({ ctx: { ...ctx, input: false }, fields: raw.output.fields, path: ['output', 'fields'] });
  } else if (raw.output) {
    const type = raw.output.type;
    if (!catalog.objects.has(type)) {
      at(
        'UNKNOWN_TYPE',
        `Output of ${n} refers to \`${type}\`, which is not a shared object type.`,
        `Declare \`${type}\` under \`types:\` in specs/types/, or list the output fields.`,
        ['output', 'type'],
      );
    } else referenced.add(type);
  }
  checkUses({ catalog, decl, at, referenced });
}

type At = (code: string, message: string, fix: string, path?: (string | number)[], key?: boolean) => void;

function checkPaging(a: { catalog: Catalog; decl: ToolDecl; at: At; referenced: Set<string> }): void {
  const { raw } = a.decl;
  const n = `\`${raw.name}\``;
  if (raw.kind === 'list') {
    if (raw.output)
      a.at(
        'OUTPUT_NOT_ALLOWED',
        `List tool ${n} declares an output.`,
        'Remove `output:`; list outputs come from `pagination:`.',
        ['output'],
        true,
      );
    for (const r of reserved) {
      if (raw.input?.[r])
        a.at(
          'RESERVED_FIELD',
          `Input \`${r}\` of ${n} is added by pagination.`,
          `Remove \`${r}\` from the input.`,
          ['input', r],
          true,
        );
    }
  } else if (!raw.output) {
    a.at(
      'MISSING_OUTPUT',
      `Tool ${n} declares no output.`,
      'Add `output: { type: … }` or `output: { fields: … }`.',
      ['name'],
    );
  }
  if (!raw.pagination) {
    if (raw.kind === 'list')
      a.at(
        'LIST_WITHOUT_PAGINATION',
        `List tool ${n} has no pagination.`,
        'Add a `pagination:` block with items, item_type and order_by.',
        ['name'],
      );
    return;
  }
  if (raw.kind !== 'list') {
    a.at(
      'PAGINATION_NOT_ALLOWED',
      `Tool ${n} of kind \`${raw.kind}\` declares pagination.`,
      'Remove `pagination:` or make the tool a list tool.',
      ['pagination'],
      true,
    );
    return;
  }
  const p = raw.pagination;
  const item = a.catalog.objects.get(p.item_type);
  if (!item) {
    a.at(
      'UNKNOWN_TYPE',
      `Pagination of ${n} refers to the unknown item type \`${p.item_type}\`.`,
      `Declare \`${p.item_type}\` under \`types:\` in specs/types/.`,
      ['pagination', 'item_type'],
    );
  } else {
    a.referenced.add(p.item_type);
    p.order_by.fields.forEach((f, i) => {
      if (!item.fields[f])
        a.at(
          'UNKNOWN_ORDER_FIELD',
          `Order field \`${f}\` of ${n} is not a field of \`${p.item_type}\`.`,
          `Use a field of \`${p.item_type}\` or remove it.`,
          ['pagination', 'order_by', 'fields', i],
        );
    });
  }
  if (!p.order_by.fields.includes(p.order_by.default.field)) {
    a.at(
      'UNDECLARED_ENUM_VALUE',
      `Default order field \`${p.order_by.default.field}\` of ${n} is not among its order_by fields.`,
      `Use one of ${p.order_by.fields.join(', ')}.`,
      ['pagination', 'order_by', 'default', 'field'],
    );
  }
  const directions = a.catalog.enums.get('SortDirection')?.values ?? [];
  if (!directions.includes(p.order_by.default.direction)) {
    a.at(
      'UNDECLARED_ENUM_VALUE',
      `Default direction \`${p.order_by.default.direction}\` of ${n} is not a value of enum \`SortDirection\`.`,
      `Use one of ${directions.join(', ') || 'asc, desc'}.`,
      ['pagination', 'order_by', 'default', 'direction'],
    );
  }
}

function checkUses(a: { catalog: Catalog; decl: ToolDecl; at: At; referenced: Set<string> }): void {
  const { raw } = a.decl;
  const uses = raw.uses;
  uses.forEach((u, i) => {
    const known = a.catalog.enums.has(u) || a.catalog.objects.has(u);
    if (!known)
      a.at(
        'UNKNOWN_TYPE',
        `\`uses\` of \`${raw.name}\` lists the unknown type \`${u}\`.`,
        `Declare \`${u}\` in specs/types/ or remove it from \`uses\`.`,
        ['uses', i],
      );
    else if (!a.referenced.has(u))
      a.at(
        'UNUSED_TYPE',
        `\`uses\` of \`${raw.name}\` lists \`${u}\`, which the spec never references.`,
        `Remove \`${u}\` from \`uses\`.`,
        ['uses', i],
      );
  });
  for (const r of [...a.referenced].sort()) {
    if (!uses.includes(r))
      a.at(
        'TYPE_NOT_IN_USES',
        `Tool \`${raw.name}\` references \`${r}\` without listing it in \`uses\`.`,
        `Add \`${r}\` to \`uses\`.`,
        ['uses'],
        true,
      );
  }
}
