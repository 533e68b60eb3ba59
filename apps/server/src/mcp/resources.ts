import type { Storage } from '@comply/storage';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { ToolError } from '../core/errors.js';
import { fromStorageError } from '../core/storage-errors.js';
import { OSCAL_RESOURCE_TEMPLATES, OSCAL_RESOURCES, readOscalResource } from '../oscal/resources.js';
import { callerFromAuthInfo } from './auth-info.js';
import { RpcCode, RpcError } from './rpc-error.js';

// MCP's code for a resource that does not exist (spec: resources, error handling).
const RESOURCE_NOT_FOUND = -32002;

/** The library and OSCAL export resources on the MCP server (logic in ../oscal/resources.ts). */
export function registerOscalResources({ server, storage }: { server: Server; storage: Storage }) {
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: OSCAL_RESOURCES }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: OSCAL_RESOURCE_TEMPLATES,
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    try {
      const caller = callerFromAuthInfo(extra.authInfo);
      return { contents: [await readOscalResource({ storage, caller, uri: request.params.uri })] };
    } catch (error) {
      const known = error instanceof ToolError ? error : fromStorageError(error);
      if (!known) throw error;
      const code = known.code === 'NOT_FOUND' ? RESOURCE_NOT_FOUND : RpcCode.InvalidParams;
      throw new RpcError({
        code,
        message: known.message,
        data: { uri: request.params.uri, field: known.field },
      });
    }
  });
}
