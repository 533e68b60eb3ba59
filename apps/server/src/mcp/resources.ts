import type { Storage } from '@comply/storage';
import type { Caller } from '../core/caller.js';
import { ToolError } from '../core/errors.js';
import { fromStorageError } from '../core/storage-errors.js';
import { readOscalResource } from '../oscal/resources.js';
import { readUiResource } from './apps.js';
import { RpcCode, RpcError } from './rpc-error.js';

/**
 * MCP's code for a resource that does not exist: -32002 in the 2025 era (spec: resources, error
 * handling); 2026-07-28 answers it with -32602 (invalid params) instead.
 */
export const RESOURCE_NOT_FOUND = { legacy: -32002, modern: RpcCode.InvalidParams } as const;

/** resources/read for one caller: the resource's contents, or an RpcError naming the URI. */
export async function readResource({
  storage,
  caller,
  uri,
  notFoundCode,
}: {
  storage: Storage;
  caller: Caller;
  uri: string;
  notFoundCode: number;
}) {
  try {
    const view = await readUiResource({ caller, uri });
    return { contents: [view ?? (await readOscalResource({ storage, caller, uri }))] };
  } catch (error) {
    const known = error instanceof ToolError ? error : fromStorageError(error);
    if (!known) throw error;
    const code = known.code === 'NOT_FOUND' ? notFoundCode : RpcCode.InvalidParams;
    throw new RpcError({ code, message: known.message, data: { uri, field: known.field } });
  }
}
