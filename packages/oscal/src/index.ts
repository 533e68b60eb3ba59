export { OscalImportError } from './errors.js';
export { parseCatalog } from './import/catalog.js';
export { IMPORTABLE_MODELS, type ImportableModel, importableModel } from './import/expect.js';
export { parseMappingCollection } from './import/mapping.js';
export { profileImports, resolveProfile } from './import/profile.js';
export { listLibrary, loadLibraryCatalog } from './library/load.js';
export { OSCAL_MODELS, oscalModel } from './model.js';
export type {
  CatalogControl,
  ControlParameter,
  ImportedCatalog,
  ImportedMapping,
  ImportedMappingCollection,
  LibraryEntry,
  MappingRelationship,
  OscalIssue,
  OscalModel,
} from './types.js';
export { stableUuid } from './uuid.js';
export { validateOscal } from './validate.js';
