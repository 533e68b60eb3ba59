import type { Role } from './types.js';

/** Every role, in the order the console offers them. */
export const ROLES: readonly Role[] = ['OWNER', 'ADMIN', 'EDITOR', 'VIEWER', 'AUDITOR'];

/** Whether the role changes records (VIEWERs and AUDITORs read only), as the server decides. */
export function roleCanWrite(role: Role): boolean {
  return role === 'OWNER' || role === 'ADMIN' || role === 'EDITOR';
}

/**
 * Whether the role attests for itself (acknowledges a policy): every member but an AUDITOR, a
 * VIEWER included, as the server decides (a self-attestation, docs/console.md).
 */
export function roleCanAttest(role: Role): boolean {
  return role !== 'AUDITOR';
}

/** Whether the role accepts risks (acceptRisk: OWNER or ADMIN, as the server decides). */
export function roleCanAccept(role: Role): boolean {
  return role === 'OWNER' || role === 'ADMIN';
}

/** An auditor's access lasts at most this many days from the day it is granted or changed. */
export const MAX_ACCESS_DAYS = 365;

/** `YYYY-MM-DD` → the last instant of that UTC day: access ending "on" a date lasts through it. */
export function endOfDay(date: string): string {
  return `${date}T23:59:59.999Z`;
}

/** Today plus `days`, as the `YYYY-MM-DD` a date input takes. */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
