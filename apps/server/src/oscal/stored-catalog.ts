import type { CatalogControl, ImportedCatalog } from '@comply/oscal';
import type { Storage, StoredControl } from '@comply/storage';

/** A typed-in control's OSCAL id: its code with invalid characters as `-`, a leading `_` if needed. */
export function oscalIdOf(control: { oscal_id: string | null; code: string }): string {
  if (control.oscal_id !== null) return control.oscal_id;
  const token = control.code.trim().replace(/[^\p{L}\p{N}._-]+/gu, '-');
  return /^[\p{L}_]/u.test(token) ? token : `_${token}`;
}

/** A stored control in the shape the OSCAL package reads. */
export function toCatalogControl(control: StoredControl): CatalogControl {
  return {
    code: control.code,
    oscal_id: oscalIdOf(control),
    title: control.title,
    family: control.family,
    family_id: control.family_id,
    parent_code: control.parent_code,
    statement: control.statement ?? control.description,
    guidance: control.guidance,
    parameters: control.parameters,
    baselines: control.baselines,
    position: control.position,
  };
}

/** A framework of the organization as an ImportedCatalog (to resolve a profile against it). */
export async function storedCatalog(args: {
  storage: Storage;
  organizationId: string;
  frameworkId: string;
}): Promise<ImportedCatalog> {
  const framework = await args.storage.frameworks.get({
    organizationId: args.organizationId,
    id: args.frameworkId,
  });
  const controls = (await args.storage.frameworks.allControls(args)).map(toCatalogControl);
  const families = new Map<string, string>();
  for (const control of controls) {
    if (control.family_id !== null && control.family !== null)
      families.set(control.family_id, control.family);
  }
  return {
    title: framework?.name ?? '',
    version: framework?.version ?? null,
    description: framework?.description ?? null,
    oscal_uuid: framework?.oscal_uuid ?? '',
    families: [...families].map(([id, title]) => ({ id, title })),
    controls,
  };
}
