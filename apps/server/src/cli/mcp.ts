import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { SERVER_VERSION } from '../version.js';
import type { Command } from './commands.js';
import { createBridge } from './mcp-bridge.js';
import { readBridgeConfig } from './mcp-config.js';

/**
 * `comply mcp`: a stdio MCP server for clients that can only start a local command, forwarding to
 * the instance at COMPLY_URL with COMPLY_API_TOKEN. Standard output carries MCP messages only; every
 * log line goes to standard error.
 */
export const mcp: Command = {
  options: {},
  async run() {
    const config = readBridgeConfig(process.env);
    if ('error' in config) {
      process.stderr.write(`comply mcp: ${config.error}\n`);
      return 2;
    }
    const bridge = createBridge({ config, version: SERVER_VERSION });
    const closed = new Promise<void>((resolve) => {
      bridge.server.onclose = resolve;
    });
    const shutdown = () => void bridge.close();
    process.stdin.once('end', shutdown);
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
    await bridge.server.connect(new StdioServerTransport());
    process.stderr.write(`comply mcp: forwarding to ${config.endpoint.href}\n`);
    await closed;
    await bridge.close();
    process.removeListener('SIGINT', shutdown);
    process.removeListener('SIGTERM', shutdown);
    return 0;
  },
};
