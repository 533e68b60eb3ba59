import { isObject } from '../model.js';

/** Namespace of the properties Comply adds to exported documents (baselines, orphan parents). */
export const COMPLY_NS = 'urn:comply:oscal';

type Json = Record<string, unknown>;

/** The objects of an OSCAL array field (missing or malformed → []). */
export function objects(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** A string field, or null when missing or empty. */
export function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function props(node: Json): Json[] {
  return objects(node.props);
}

/** The values of the properties named `name`, OSCAL's own (no namespace) or Comply's (`ns: 'comply'`). */
export function propValues({ node, name, ns }: { node: Json; name: string; ns?: 'comply' }): string[] {
  return props(node)
    .filter((prop) => prop.name === name && (ns === 'comply' ? prop.ns === COMPLY_NS : prop.ns === undefined))
    .map((prop) => String(prop.value));
}

/** The label users see: the `label` property without a class first (NIST gives several), else the first. */
export function labelOf(node: Json): string | null {
  const labels = props(node).filter((prop) => prop.name === 'label' && typeof prop.value === 'string');
  const plain = labels.find((prop) => prop.class === undefined) ?? labels[0];
  return plain ? (plain.value as string) : null;
}

/** Back-matter resources by uuid (the first of each uuid, as a linear search would find it). */
export function byUuid(resources: Json[]): Map<unknown, Json> {
  const map = new Map<unknown, Json>();
  for (const resource of resources) if (!map.has(resource.uuid)) map.set(resource.uuid, resource);
  return map;
}
