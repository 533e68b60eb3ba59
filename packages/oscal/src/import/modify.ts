import { OscalImportError } from '../errors.js';
import { IMPORT_LIMITS } from '../limits.js';
import type { CatalogControl, ControlParameter, ImportedCatalog } from '../types.js';
import { ParamIndex } from './params.js';
import { COMPLY_NS, objects, text } from './props.js';
import { partText, toConstraints, toParameter, withConstraints } from './prose.js';

type Json = Record<string, unknown>;

const POINTER = '/profile/modify';

// The fields of a set-parameter Comply applies; anything else is refused, never dropped.
const SETTABLE = new Set(['param-id', 'label', 'values', 'select', 'guidelines', 'constraints']);
// The fields of an `add` Comply applies.
const ADDABLE = new Set(['position', 'by-id', 'params', 'parts', 'props']);

/** A parameter back in OSCAL's shape (its choices already rendered), for rendering insertions. */
function rawParam(param: ControlParameter): Json {
  return {
    id: param.id,
    ...(param.label ? { label: param.label } : {}),
    values: param.values,
    ...(param.select
      ? { select: { 'how-many': param.select.how_many ?? undefined, choice: param.select.choices } }
      : {}),
  };
}

/** The catalog's parameters by id, so inserted prose and choices render as at import. */
function paramIndex(controls: CatalogControl[]): ParamIndex {
  const index = new ParamIndex();
  for (const control of controls)
    for (const p of control.parameters) index.set({ id: p.id, param: rawParam(p) });
  return index;
}

/** The control holding each parameter, so a setting finds its owner without scanning every control. */
function paramOwners(controls: CatalogControl[]): Map<string, CatalogControl> {
  const owners = new Map<string, CatalogControl>();
  for (const control of controls) for (const p of control.parameters) owners.set(p.id, control);
  return owners;
}

function refuse(message: string, pointer: string): never {
  throw new OscalImportError(message, pointer);
}

function setParameter(args: {
  setting: Json;
  pointer: string;
  owners: Map<string, CatalogControl>;
  index: ParamIndex;
}): void {
  const { setting, pointer } = args;
  args.index.startControl(pointer);
  const id = String(setting['param-id']);
  const extra = Object.keys(setting).filter((key) => !SETTABLE.has(key));
  if (extra.length > 0) {
    refuse(
      `set-parameters cannot apply ${extra.map((key) => `\`${key}\``).join(', ')} to parameter \`${id}\`: Comply keeps a parameter's label, values, selection, guidelines and constraints only`,
      pointer,
    );
  }
  const owner = args.owners.get(id);
  if (!owner) refuse(`set-parameters names parameter \`${id}\`, which no selected control has`, pointer);
  owner.parameters = owner.parameters.map((param) => {
    if (param.id !== id) return param;
    // OSCAL: label, values and select replace; guidelines and constraints are added.
    const given = toParameter({ param: { id, ...setting }, params: args.index, pointer });
    const guidelines = [param.guidelines, given.guidelines].filter((g): g is string => g !== null);
    const next: ControlParameter = {
      id,
      label: setting.label !== undefined ? given.label : param.label,
      values: setting.values !== undefined ? given.values : param.values,
      select: setting.select !== undefined ? given.select : param.select,
      guidelines: guidelines.length > 0 ? guidelines.join('\n') : null,
      ...withConstraints([...(param.constraints ?? []), ...toConstraints(setting.constraints)]),
    };
    args.index.set({ id, param: rawParam(next) });
    return next;
  });
}

/** What a removal may name in a control as Comply keeps it: its statement, guidance, parameters and label. */
function removable(control: CatalogControl): { item: string; name?: string; id?: string }[] {
  const id = control.oscal_id;
  return [
    ...(control.statement !== null ? [{ item: 'part', name: 'statement', id: `${id}_smt` }] : []),
    ...(control.guidance !== null ? [{ item: 'part', name: 'guidance', id: `${id}_gdn` }] : []),
    ...control.parameters.map((param) => ({ item: 'param', id: param.id })),
    { item: 'prop', name: 'label' },
  ];
}

function remove(args: { control: CatalogControl; removal: Json; pointer: string }): void {
  const { control, removal, pointer } = args;
  if (removal['by-class'] !== undefined || removal['by-ns'] !== undefined) {
    refuse(
      `a removal from \`${control.oscal_id}\` by-class or by-ns cannot be applied: Comply keeps no classes or namespaces of a control's parts and properties`,
      pointer,
    );
  }
  const byName = text(removal['by-name']);
  const byId = text(removal['by-id']);
  const byItem = text(removal['by-item-name']);
  if (byName === 'item' || byId?.startsWith(`${control.oscal_id}_smt.`)) {
    refuse(
      `a removal of a statement item from \`${control.oscal_id}\` cannot be applied: Comply keeps the statement as one text`,
      pointer,
    );
  }
  const matched = removable(control).filter(
    (candidate) =>
      (byName === null || candidate.name === byName) &&
      (byId === null || candidate.id === byId) &&
      (byItem === null || candidate.item === byItem),
  );
  if (matched.some((candidate) => candidate.item === 'prop')) {
    refuse(`the label of \`${control.oscal_id}\` cannot be removed: it is the control's code`, pointer);
  }
  // Anything else a removal names (objectives, assessment methods, links, other properties) is not
  // part of a control as Comply keeps it: the resolved control is already without it.
  for (const candidate of matched) {
    if (candidate.name === 'statement') control.statement = null;
    else if (candidate.name === 'guidance') control.guidance = null;
    else control.parameters = control.parameters.filter((param) => param.id !== candidate.id);
  }
}

function joined(args: { current: string | null; added: string; first: boolean }): string {
  if (args.current === null) return args.added;
  return args.first ? `${args.added}\n${args.current}` : `${args.current}\n${args.added}`;
}

function add(args: { control: CatalogControl; addition: Json; pointer: string; index: ParamIndex }): void {
  const { control, addition, pointer } = args;
  const id = control.oscal_id;
  const extra = Object.keys(addition).filter((key) => !ADDABLE.has(key));
  if (extra.length > 0) {
    refuse(
      `an addition to \`${id}\` cannot apply ${extra.map((key) => `\`${key}\``).join(', ')}: Comply adds parts, parameters and baseline properties only`,
      pointer,
    );
  }
  const position = text(addition.position) ?? 'ending';
  const byId = text(addition['by-id']) ?? id;
  const params = control.parameters.map((param) => param.id);
  const targets = [id, `${id}_smt`, `${id}_gdn`, ...params];
  if (!targets.includes(byId)) {
    refuse(
      `an addition to \`${id}\` is placed by \`${byId}\`, which is none of the control, its statement (\`${id}_smt\`), its guidance (\`${id}_gdn\`) or its parameters: Comply keeps the statement and guidance each as one text`,
      pointer,
    );
  }
  const first = position === 'starting' || position === 'before';
  for (const [n, part] of objects(addition.parts).entries()) {
    const name = String(part.name);
    const rendered = partText({ part, params: args.index });
    if (rendered === null) continue;
    if (name === 'guidance') control.guidance = joined({ current: control.guidance, added: rendered, first });
    else if (name === 'statement' || name === 'item')
      control.statement = joined({ current: control.statement, added: rendered, first });
    else
      refuse(
        `an addition to \`${id}\` brings a part named \`${name}\`: Comply keeps a control's statement and guidance only`,
        `${pointer}/parts/${n}`,
      );
  }
  for (const [n, prop] of objects(addition.props).entries()) {
    if (prop.name === 'baseline' && prop.ns === COMPLY_NS) {
      const baseline = String(prop.value);
      if (!control.baselines.includes(baseline)) control.baselines = [...control.baselines, baseline];
    } else {
      refuse(
        `an addition to \`${id}\` brings the property \`${String(prop.name)}\`: Comply keeps no control properties besides its label and baselines (\`baseline\` in ${COMPLY_NS})`,
        `${pointer}/props/${n}`,
      );
    }
  }
  const added = objects(addition.params).map((param) => toParameter({ param, params: args.index }));
  if (added.length === 0) return;
  for (const param of added) args.index.set({ id: param.id, param: rawParam(param) });
  const at = params.indexOf(byId);
  const cut = at >= 0 ? at + (position === 'after' ? 1 : 0) : first ? 0 : params.length;
  control.parameters = [...control.parameters.slice(0, cut), ...added, ...control.parameters.slice(cut)];
}

/**
 * Applies a profile's `modify`: `set-parameters` (label, values and select replace; guidelines and
 * constraints are added) and `alters` (removes and adds on the selected controls as Comply keeps
 * them). What Comply cannot represent is refused naming it, never dropped.
 */
export function applyModify({
  catalog,
  modify,
}: {
  catalog: ImportedCatalog;
  modify: Json;
}): ImportedCatalog {
  const controls = catalog.controls.map((control) => ({
    ...control,
    parameters: [...control.parameters],
    baselines: [...control.baselines],
  }));
  const settings = objects(modify['set-parameters']);
  const alters = objects(modify.alters);
  const changes = alters.reduce(
    (sum, alter) => sum + objects(alter.removes).length + objects(alter.adds).length,
    settings.length + alters.length,
  );
  if (changes > IMPORT_LIMITS.modifications) {
    refuse(
      `the profile modifies more than ${IMPORT_LIMITS.modifications} times (set-parameters, alters and their removes and adds together)`,
      POINTER,
    );
  }
  const index = paramIndex(controls);
  const owners = paramOwners(controls);
  for (const [n, setting] of settings.entries()) {
    setParameter({ setting, pointer: `${POINTER}/set-parameters/${n}`, owners, index });
  }
  const byId = new Map(controls.map((control) => [control.oscal_id, control]));
  for (const [n, alter] of alters.entries()) {
    const pointer = `${POINTER}/alters/${n}`;
    index.startControl(pointer);
    const control = byId.get(String(alter['control-id']));
    if (!control) {
      refuse(
        `alters names control \`${String(alter['control-id'])}\`, which the profile does not select`,
        pointer,
      );
    }
    for (const [m, removal] of objects(alter.removes).entries()) {
      remove({ control, removal, pointer: `${pointer}/removes/${m}` });
    }
    for (const [m, addition] of objects(alter.adds).entries()) {
      add({ control, addition, pointer: `${pointer}/adds/${m}`, index });
    }
  }
  return { ...catalog, controls };
}

/**
 * Applies a profile's `merge`: `as-is` (and no merge at all) keeps the catalog's families, `flat`
 * drops them, a `custom` structure is refused. (`combine` has no options in OSCAL 1.2: each control
 * comes once, from the catalog.)
 */
export function applyMerge({ catalog, merge }: { catalog: ImportedCatalog; merge: Json | undefined }) {
  if (merge === undefined) return catalog;
  if (merge.custom !== undefined) {
    refuse(
      'the profile asks for a custom structure (`merge.custom`): Comply keeps the families of the catalog it imports (`as-is`) or none (`flat`)',
      '/profile/merge/custom',
    );
  }
  if (merge.flat === undefined) return catalog;
  return {
    ...catalog,
    families: [],
    controls: catalog.controls.map((control) => ({ ...control, family: null, family_id: null })),
  };
}
