import type { Actor } from '@comply/storage';

/** The audit actor of a CLI write: no user or token, source `cli`, the action named like the tool. */
export const CLI_ACTOR = (action: string): Actor => ({ userId: null, tokenId: null, source: 'cli', action });

/** The trimmed value of a required string option; a clear error naming it otherwise. */
export function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`--${name} is required`);
  return value.trim();
}

/** The trimmed value of an optional string option, undefined when absent. */
export function optional(values: Record<string, unknown>, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
