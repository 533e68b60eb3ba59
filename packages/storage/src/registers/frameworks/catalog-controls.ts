import type { FrameworkControlInput } from './types.js';

/** A control of a parsed OSCAL catalog (`@comply/oscal`), with its place in the document. */
export type CatalogControlLike = Omit<FrameworkControlInput, 'description'> & {
  oscal_id: string;
  position: number;
};

/** A catalog's controls as framework controls: in document order, every optional part explicit. */
export function catalogControlInputs(controls: readonly CatalogControlLike[]): FrameworkControlInput[] {
  return [...controls]
    .sort((a, b) => a.position - b.position)
    .map((control) => ({
      code: control.code,
      title: control.title,
      family: control.family ?? null,
      family_id: control.family_id ?? null,
      oscal_id: control.oscal_id,
      parent_code: control.parent_code ?? null,
      statement: control.statement ?? null,
      guidance: control.guidance ?? null,
      parameters: control.parameters ?? [],
      baselines: control.baselines ?? [],
    }));
}
