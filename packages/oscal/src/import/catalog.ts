import { OscalImportError } from '../errors.js';
import { IMPORT_LIMITS } from '../limits.js';
import { isObject } from '../model.js';
import type { CatalogControl, ImportedCatalog } from '../types.js';
import { expectModel } from './expect.js';
import { ParamIndex } from './params.js';
import { labelOf, objects, propValues, text } from './props.js';
import { partText, toParameter } from './prose.js';

type Json = Record<string, unknown>;

interface Family {
  id: string;
  title: string;
}

function indexParams(catalog: Json): ParamIndex {
  const params = new ParamIndex();
  let count = 0;
  const walk = (node: Json, pointer: string) => {
    objects(node.params).forEach((param, i) => {
      count += 1;
      if (count > IMPORT_LIMITS.parameters) {
        throw new OscalImportError(
          `the catalog has more than ${IMPORT_LIMITS.parameters} parameters`,
          `${pointer}/params/${i}`,
        );
      }
      params.set({ id: String(param.id), param, pointer: `${pointer}/params/${i}` });
    });
    objects(node.groups).forEach((child, i) => {
      walk(child, `${pointer}/groups/${i}`);
    });
    objects(node.controls).forEach((child, i) => {
      walk(child, `${pointer}/controls/${i}`);
    });
  };
  walk(catalog, '/catalog');
  return params;
}

function isWithdrawn(control: Json): boolean {
  return propValues({ node: control, name: 'status' }).includes('withdrawn');
}

function partNamed({ control, name }: { control: Json; name: string }): Json | undefined {
  return objects(control.parts).find((part) => part.name === name);
}

/**
 * The code users see: the control's label, or its id without one. NIST's newer catalogs (CSF 2.0,
 * SP 800-171 Rev. 3) label a control `<title> (<code>)`, e.g. `Account Management (03.01.01)`:
 * then the code is the part in parentheses.
 */
function codeOf(control: Json & { id: string; title: string }): string {
  const label = labelOf(control);
  if (label === null) return control.id;
  const suffix = label.startsWith(`${control.title} (`) && label.endsWith(')');
  return suffix ? label.slice(control.title.length + 2, -1) : label;
}

/** Flattens a catalog's controls in document order: catalog-level controls, then each top-level group. */
function collectControls({ catalog, params }: { catalog: Json; params: ParamIndex }) {
  const controls: CatalogControl[] = [];
  const visit = (args: { control: Json; pointer: string; family: Family | null; parent: string | null }) => {
    const { control, pointer, family } = args;
    if (typeof control.id !== 'string' || typeof control.title !== 'string') {
      throw new OscalImportError('a control needs an `id` and a `title`', pointer);
    }
    if (isWithdrawn(control)) return;
    if (controls.length >= IMPORT_LIMITS.controls) {
      throw new OscalImportError(`the catalog has more than ${IMPORT_LIMITS.controls} controls`, pointer);
    }
    params.startControl(pointer);
    const code = codeOf(control as Json & { id: string; title: string });
    const statement = partNamed({ control, name: 'statement' });
    const guidance = partNamed({ control, name: 'guidance' });
    controls.push({
      code,
      oscal_id: control.id,
      title: control.title,
      family: family?.title ?? null,
      family_id: family?.id ?? null,
      parent_code: args.parent ?? propValues({ node: control, name: 'parent-code', ns: 'comply' })[0] ?? null,
      statement: statement ? partText({ part: statement, params }) : null,
      guidance: guidance ? partText({ part: guidance, params }) : null,
      parameters: objects(control.params).map((param, i) =>
        toParameter({ param, params, pointer: `${pointer}/params/${i}` }),
      ),
      baselines: propValues({ node: control, name: 'baseline', ns: 'comply' }),
      position: controls.length,
    });
    objects(control.controls).forEach((child, index) => {
      visit({ control: child, pointer: `${pointer}/controls/${index}`, family, parent: code });
    });
  };
  const visitGroup = (args: { group: Json; pointer: string; family: Family }) => {
    objects(args.group.controls).forEach((control, index) => {
      visit({ control, pointer: `${args.pointer}/controls/${index}`, family: args.family, parent: null });
    });
    objects(args.group.groups).forEach((group, index) => {
      visitGroup({ group, pointer: `${args.pointer}/groups/${index}`, family: args.family });
    });
  };
  objects(catalog.controls).forEach((control, index) => {
    visit({ control, pointer: `/catalog/controls/${index}`, family: null, parent: null });
  });
  const families: Family[] = objects(catalog.groups).map((group, index) => {
    // OSCAL makes a group's id optional; Comply needs one to name the family.
    const family = {
      id: text(group.id) ?? `group-${index + 1}`,
      title: text(group.title) ?? `Group ${index + 1}`,
    };
    visitGroup({ group, pointer: `/catalog/groups/${index}`, family });
    return family;
  });
  return { families, controls };
}

/** Catalog document → families and controls in document order (withdrawn controls left out). */
export function parseCatalog(doc: unknown): ImportedCatalog {
  const catalog = expectModel({ doc, model: 'catalog' });
  const metadata = catalog.metadata;
  if (!isObject(metadata) || typeof metadata.title !== 'string') {
    throw new OscalImportError('the catalog needs `metadata.title`', '/catalog/metadata/title');
  }
  if (typeof catalog.uuid !== 'string')
    throw new OscalImportError('the catalog needs a `uuid`', '/catalog/uuid');
  const { families, controls } = collectControls({ catalog, params: indexParams(catalog) });
  if (controls.length === 0) {
    throw new OscalImportError('the catalog has no controls to import', '/catalog');
  }
  return {
    title: metadata.title,
    version: text(metadata.version),
    description: text(metadata.remarks),
    oscal_uuid: catalog.uuid,
    families,
    controls,
  };
}
