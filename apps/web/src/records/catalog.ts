import { api } from '../api.js';
import type { RegisterInfo } from '../types.js';

let catalog: Promise<{ registers: RegisterInfo[] }> | null = null;

/** Every register's filters and orderings (`GET /api/console/registers`), fetched once. */
export function loadCatalog(): Promise<RegisterInfo[]> {
  catalog ??= api<{ registers: RegisterInfo[] }>('/registers');
  return catalog.then((c) => c.registers);
}
