/**
 * The bounds an OSCAL import keeps, so that no document — however small — makes the server do
 * unbounded work. Each is far above what NIST's catalogs and profiles need (SP 800-53: 424
 * controls in the library, the longest control 6.2 k characters once rendered, the longest
 * parameter 390). Beyond a limit the import is refused with a JSON pointer, never truncated.
 * docs/security.md lists them with their values.
 */
export const IMPORT_LIMITS = {
  /** Characters of one parameter once its insertions are rendered (values, label or selection). */
  parameterText: 10_000,
  /** Characters of one control once rendered: statement, guidance and parameters. */
  controlText: 100_000,
  /** Characters rendered for a whole document (every control's text together). */
  documentText: 16 * 1024 * 1024,
  /** Parameters inserting parameters: how many levels deep (cycles are detected and left as written). */
  insertionDepth: 10,
  /** Parameters in one catalog (each control's and group's together). */
  parameters: 20_000,
  /** Controls in one imported catalog or resolved profile (as many as addFramework takes). */
  controls: 2_000,
  /** Schema errors read from the validator before choosing the ones shown. */
  schemaErrors: 1_000,
  /** `sources` and `targets` of one mapping-collection map, each. */
  idsPerMap: 1_000,
  /** Crosswalk rows one mapping-collection may describe (each map's sources × targets, summed). */
  mappingRows: 5_000,
  /** `matching` patterns in one profile. */
  patterns: 100,
  /** Characters of one `matching` pattern. */
  patternLength: 100,
  /** Character comparisons all of a profile's patterns may take against the catalog's control ids. */
  matchingSteps: 20_000_000,
  /** `set-parameters`, `alters` and the alters' `removes` and `adds` in one profile's `modify`. */
  modifications: 10_000,
} as const;
