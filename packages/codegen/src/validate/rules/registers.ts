import { registerToolNames } from '../../naming/naming.js';
import type { Catalog } from '../catalog.js';
import type { Diagnostic } from '../diagnostic.js';

/**
 * Checks the register catalog against the tools and types: each register has its four plain tools
 * (named after it), a list tool paging its plural, a get tool returning its record; title fields,
 * console columns and links name the record's fields; prefixes, tables and navigation are unique.
 */
export function checkRegisters(a: { catalog: Catalog; report: (d: Diagnostic) => void }): void {
  const { catalog, report } = a;
  if (!catalog.registers) return;
  const { raw, spec, specs } = catalog.registers;
  const at = (c: {
    code: string;
    path: (string | number)[];
    message: string;
    fix: string;
    key?: boolean;
  }) => {
    // An entry of a register file: its paths are the file's own, without `registers.<plural>`.
    const own = specs[String(c.path[1])];
    const where = own ? { spec: own, path: c.path.slice(2) } : { spec, path: c.path };
    report({
      code: c.code,
      file: where.spec.file,
      line: where.spec.lineOf(where.path, c.key),
      message: c.message,
      fix: c.fix,
    });
  };
  const tools = new Map(catalog.tools.map((t) => [t.raw.name, t.raw]));
  const owner = new Map<string, string>();
  const seen = new Map<string, string>();
  const unique = (c: { what: string; value: string | number; plural: string; path: (string | number)[] }) => {
    const key = `${c.what}:${c.value}`;
    const first = seen.get(key);
    if (first !== undefined) {
      at({
        code: 'DUPLICATE_REGISTER_VALUE',
        path: c.path,
        message: `The ${c.what} \`${c.value}\` of register \`${c.plural}\` is already used by register \`${first}\`.`,
        fix: `Give each register its own ${c.what}.`,
      });
    } else seen.set(key, c.plural);
  };
  for (const [plural, r] of Object.entries(raw.registers)) {
    const base = ['registers', plural];
    unique({ what: 'singular', value: r.singular, plural, path: [...base, 'singular'] });
    unique({ what: 'id prefix', value: r.id_prefix, plural, path: [...base, 'id_prefix'] });
    unique({ what: 'table', value: r.table, plural, path: [...base, 'table'] });
    unique({ what: 'navigation position', value: r.console.navigation, plural, path: [...base, 'console'] });
    const plain = registerToolNames({ plural, singular: r.singular });
    for (const [kind, name] of Object.entries(plain)) {
      if (!r.tools.includes(name)) {
        at({
          code: 'REGISTER_TOOL_MISSING',
          path: [...base, 'tools'],
          message: `Register \`${plural}\` does not list its ${kind} tool \`${name}\`.`,
          fix: `Add \`${name}\` to its \`tools:\` (and specs/tools/${name}.yaml if it does not exist).`,
        });
      }
    }
    r.tools.forEach((name, i) => {
      const path = [...base, 'tools', i];
      if (!tools.has(name)) {
        at({
          code: 'UNKNOWN_TOOL',
          path,
          message: `Register \`${plural}\` lists the tool \`${name}\`, which no spec declares.`,
          fix: `Create specs/tools/${name}.yaml or correct the name.`,
        });
      }
      const first = owner.get(name);
      if (first !== undefined) {
        at({
          code: 'DUPLICATE_REGISTER_TOOL',
          path,
          message: `The tool \`${name}\` is listed by registers \`${first}\` and \`${plural}\`.`,
          fix: 'List each tool under one register.',
        });
      } else owner.set(name, plural);
      const isPlain = Object.values(plain).includes(name);
      if (!isPlain && !r.custom_handlers.includes(name)) {
        at({
          code: 'CUSTOM_HANDLER_MISSING',
          path,
          message: `The tool \`${name}\` of register \`${plural}\` is not one of its plain tools, so the generic register handler cannot serve it.`,
          fix: `Add \`${name}\` to the register's \`custom_handlers:\` and implement apps/server/src/tools/handlers/${name}.ts.`,
        });
      }
    });
    r.custom_handlers.forEach((name, i) => {
      if (!r.tools.includes(name)) {
        at({
          code: 'UNKNOWN_TOOL',
          path: [...base, 'custom_handlers', i],
          message: `Register \`${plural}\` has a custom handler for \`${name}\`, which is not one of its tools.`,
          fix: 'Add the tool to `tools:` or remove it from `custom_handlers:`.',
        });
      }
    });
    const list = tools.get(plain.list);
    if (list && list.pagination?.items !== plural) {
      at({
        code: 'REGISTER_TOOL_MISMATCH',
        path: [...base, 'tools'],
        message: `The list tool \`${plain.list}\` of register \`${plural}\` must page its records under \`${plural}\` (pagination.items).`,
        fix: `Set \`pagination.items: ${plural}\` in specs/tools/${plain.list}.yaml.`,
      });
    }
    const get = tools.get(plain.get);
    const record = get?.output && 'type' in get.output ? catalog.objects.get(get.output.type) : undefined;
    if (get && !record) {
      at({
        code: 'REGISTER_TOOL_MISMATCH',
        path: [...base, 'tools'],
        message: `The get tool \`${plain.get}\` of register \`${plural}\` must return a shared record type (\`output: { type: … }\`).`,
        fix: `Declare the record in specs/types/records.yaml and name it in specs/tools/${plain.get}.yaml.`,
      });
    }
    if (!record) continue;
    const fields = new Set(Object.keys(record.fields));
    const known = (c: { name: string; path: (string | number)[]; what: string; derived?: boolean }) => {
      if (fields.has(c.name) || (c.derived && Object.hasOwn(r.console.derived_columns, c.name))) return;
      at({
        code: 'UNKNOWN_REGISTER_FIELD',
        path: c.path,
        message: `The ${c.what} \`${c.name}\` of register \`${plural}\` is not a field of its record \`${record.name}\`.`,
        fix: `Use one of ${[...fields].join(', ')}${c.derived ? ', or declare it under `derived_columns:`' : ''}.`,
      });
    };
    r.title.forEach((name, i) => {
      known({ name, path: [...base, 'title', i], what: 'title field' });
    });
    r.console.columns.forEach((name, i) => {
      known({ name, path: [...base, 'console', 'columns', i], what: 'console column', derived: true });
    });
    const linked = [...fields]
      .map((f) => f.match(/^(.+?)_ids?$/)?.[1])
      .filter((s): s is string => s !== undefined)
      .map((s) => Object.entries(raw.registers).find(([, other]) => other.singular === s)?.[0])
      .filter((p): p is string => p !== undefined);
    for (const p of linked.filter((p) => !r.links.includes(p))) {
      at({
        code: 'LINK_MISMATCH',
        path: [...base, 'links'],
        message: `Records of register \`${plural}\` link to \`${p}\` (a field of \`${record.name}\`), which \`links:\` does not list.`,
        fix: `Add \`${p}\` to the register's \`links:\`.`,
      });
    }
    r.links.forEach((p, i) => {
      if (!linked.includes(p)) {
        at({
          code: 'LINK_MISMATCH',
          path: [...base, 'links', i],
          message: `Register \`${plural}\` lists the link \`${p}\`, but \`${record.name}\` has no \`${raw.registers[p]?.singular ?? p}_id\` or \`…_ids\` field.`,
          fix: 'Remove the link or add the field to the record.',
        });
      }
    });
  }
}
