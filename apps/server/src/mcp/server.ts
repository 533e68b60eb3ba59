import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { serverIcon } from './icons.js';
import { INSTRUCTIONS } from './instructions.js';
import { CAPABILITIES, installLegacy, type MethodTable } from './methods.js';

/**
 * The 2025-era server: one SDK v1 `Server` for the whole process, serving the method table
 * (methods.ts); every request reaches it through the multiplex transport.
 */
export function createMcpServer({ table, version }: { table: MethodTable; version: string }): Server {
  const server = new Server(
    { name: 'comply', title: 'Comply', version, icons: [serverIcon] },
    { capabilities: CAPABILITIES, instructions: INSTRUCTIONS },
  );
  installLegacy({ server, table });
  return server;
}
