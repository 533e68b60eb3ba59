export { OscalExportError, OscalImportError } from './errors.js';
export { exportAssessmentResults } from './export/assessment-results.js';
export { exportCatalog } from './export/catalog.js';
export type {
  AssessmentResultsExportInput,
  AuditInput,
  CatalogExportInput,
  FrameworkInput,
  MappingExportInput,
  MappingInput,
  MeasureInput,
  NonconformityInput,
  OrganizationInput,
  PoamExportInput,
  ReadinessInput,
  RiskInput,
  SspExportInput,
  TestRunInput,
} from './export/inputs.js';
export { exportMappingCollection } from './export/mapping.js';
export { exportPoam } from './export/poam.js';
export { exportSystemSecurityPlan } from './export/ssp.js';
export { parseCatalog } from './import/catalog.js';
export { IMPORTABLE_MODELS, type ImportableModel, importableModel } from './import/expect.js';
export { parseMappingCollection } from './import/mapping.js';
export { profileImports, resolveProfile } from './import/profile.js';
export { listLibrary, loadLibraryCatalog } from './library/load.js';
export { IMPORT_LIMITS } from './limits.js';
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
  ParameterConstraint,
} from './types.js';
export { stableUuid } from './uuid.js';
export { validateOscal } from './validate.js';
