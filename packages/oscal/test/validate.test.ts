import { describe, expect, it } from 'vitest';
import { validateOscal } from '../src/index.js';
import { at, nistDocuments, readJson } from './helpers.js';

describe('validateOscal', () => {
  it.each(nistDocuments())('accepts NIST document %s and names its model', (file) => {
    const result = validateOscal(readJson(file));
    expect(result.ok).toBe(true);
    const expected = file.includes('profile.json') ? 'profile' : null;
    if (expected && result.ok) expect(result.model).toBe(expected);
  });

  it('reports missing and unknown fields as JSON pointers', () => {
    const doc = readJson('test/fixtures/basic-catalog.json');
    delete at(doc, ['catalog', 'metadata']).title;
    at(doc, ['catalog', 'groups', 0]).colour = 'red';
    const result = validateOscal(doc);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toContainEqual({ pointer: '/catalog/metadata/title', message: 'is required' });
    expect(result.issues).toContainEqual({
      pointer: '/catalog/groups/0/colour',
      message: 'is not allowed here (unknown property)',
    });
  });

  it('names the allowed values of an enumeration', () => {
    const doc = readJson('library/nist-sp-800-53-r5/NIST_SP-800-53_rev5_LOW-baseline_profile.json');
    at(doc, ['profile', 'imports', 0, 'include-controls', 0])['with-child-controls'] = 'maybe';
    const result = validateOscal(doc);
    expect(result.ok === false && result.issues[0]).toEqual({
      pointer: '/profile/imports/0/include-controls/0/with-child-controls',
      message: 'must be one of "yes", "no"',
    });
  });

  it.each([
    ['id', '1 bad id', 'must be an OSCAL token: a letter or "_", then letters, digits, ".", "-" or "_"'],
    ['title', 'two\nlines', 'must be a single non-empty line'],
  ])('explains a bad control %s without echoes of the schema alternatives', (field, value, message) => {
    const doc = readJson('test/fixtures/basic-catalog.json');
    at(doc, ['catalog', 'groups', 0, 'groups', 0, 'controls', 0])[field] = value;
    expect(validateOscal(doc)).toEqual({
      ok: false,
      issues: [{ pointer: `/catalog/groups/0/groups/0/controls/0/${field}`, message }],
    });
  });

  it('explains bad uuids and date-times once each', () => {
    const doc = readJson('test/fixtures/basic-catalog.json');
    at(doc, ['catalog']).uuid = 'nope';
    at(doc, ['catalog', 'metadata'])['last-modified'] = 'yesterday';
    const result = validateOscal(doc);
    expect(result.ok === false && result.issues).toEqual([
      {
        pointer: '/catalog/metadata/last-modified',
        message: 'must be a date-time with a time zone, e.g. 2026-01-31T12:00:00Z',
      },
      { pointer: '/catalog/uuid', message: 'must be a UUID of version 4 or 5' },
    ]);
  });

  it('caps the issues at ten', () => {
    const doc = readJson('test/fixtures/basic-catalog.json');
    at(doc, ['catalog']).metadata = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`x${i}`, i]));
    const result = validateOscal(doc);
    expect(result.ok === false && result.issues.length).toBe(10);
  });

  it.each([[null], [[]], ['catalog'], [{}], [{ catalog: {}, profile: {} }], [{ policy: {} }]])(
    'refuses %j as not an OSCAL document',
    (doc) => {
      const result = validateOscal(doc);
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(result.issues[0]!.message).toMatch(/^not an OSCAL document: .*catalog, .*profile/);
    },
  );
});
