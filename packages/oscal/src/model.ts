import type { OscalModel } from './types.js';

/** Every OSCAL model, in the order the schema lists them. */
export const OSCAL_MODELS: readonly OscalModel[] = [
  'catalog',
  'mapping-collection',
  'profile',
  'component-definition',
  'system-security-plan',
  'assessment-plan',
  'assessment-results',
  'plan-of-action-and-milestones',
];

/** The model of a document: its one top-level key besides `$schema`, or null when it has none or several. */
export function oscalModel(doc: unknown): OscalModel | null {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return null;
  const keys = Object.keys(doc).filter((key) => key !== '$schema');
  if (keys.length !== 1) return null;
  return OSCAL_MODELS.find((model) => model === keys[0]) ?? null;
}

/** Narrows a JSON value to a plain object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
