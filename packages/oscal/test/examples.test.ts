import { describe, expect, it } from 'vitest';
import {
  importableModel,
  loadLibraryCatalog,
  OscalImportError,
  parseCatalog,
  resolveProfile,
  validateOscal,
} from '../src/index.js';
import { nistDocuments, readJson } from './helpers.js';

describe('every NIST document imports or is refused with a clear reason', () => {
  it.each(nistDocuments())('%s', (file) => {
    const doc = readJson(file);
    const checked = validateOscal(doc);
    if (!checked.ok) throw new Error(`${file} should be valid`);
    if (checked.model === 'catalog') {
      expect(parseCatalog(doc).controls.length).toBeGreaterThan(0);
    } else if (checked.model === 'profile') {
      const catalog = loadLibraryCatalog({ key: 'nist-sp-800-53-r5' });
      expect(resolveProfile({ profile: doc, catalog }).controls.length).toBeGreaterThan(0);
    } else {
      expect(() => importableModel(doc)).toThrowError(
        `${checked.model} documents cannot be imported: Comply imports catalog, profile, mapping-collection documents`,
      );
      expect(() => parseCatalog(doc)).toThrowError(OscalImportError);
    }
  });
});
