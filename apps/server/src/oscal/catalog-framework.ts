import { type CatalogControlLike, catalogControlInputs, type FrameworkCreate } from '@comply/storage';
import { ToolError } from '../core/errors.js';

/** The parts of an `@comply/oscal` ImportedCatalog a framework is made of. */
export interface CatalogLike {
  title: string;
  version: string | null;
  description: string | null;
  oscal_uuid: string;
  controls: readonly CatalogControlLike[];
}

// The storage limits of a control's code and title (framework_controls CHECK constraints).
const CODE_MAX = 200;
const TITLE_MAX = 200;

/**
 * A catalog as the data of a new framework: controls in document order with their families,
 * statements, guidance, parameters and baselines. A code or title over the stored limits is
 * refused naming the control, before anything is written.
 */
export function catalogFramework(args: {
  catalog: CatalogLike;
  provenance: Pick<FrameworkCreate, 'source' | 'library_key' | 'baseline'>;
  name?: string | undefined;
}): FrameworkCreate {
  const { catalog } = args;
  const controls = [...catalog.controls].sort((a, b) => a.position - b.position);
  for (const control of controls) {
    if (control.code.length > CODE_MAX || control.title.length > TITLE_MAX || control.title.length === 0) {
      throw new ToolError({
        code: 'INVALID_INPUT',
        field: 'controls',
        message: `Control ${control.oscal_id} has a code or title that is empty or longer than ${TITLE_MAX} characters; shorten it in the document.`,
      });
    }
  }
  return {
    name: (args.name ?? catalog.title).slice(0, 200),
    version: catalog.version,
    description: catalog.description,
    oscal_uuid: catalog.oscal_uuid,
    ...args.provenance,
    controls: catalogControlInputs(controls),
  };
}
