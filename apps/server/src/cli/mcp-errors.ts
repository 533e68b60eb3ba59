import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

/** A JSON-RPC error to send on unchanged: the remote's code and its message without the SDK's prefix. */
export class PassThroughError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(error: McpError) {
    super(error.message.replace(/^MCP error -?\d+: /, ''));
    this.code = error.code;
    this.data = error.data;
  }
}

/** True for a JSON-RPC error the remote sent (unknown tool, invalid params), as opposed to a local failure. */
export function isRemoteRpcError(error: unknown): error is McpError {
  return (
    error instanceof McpError &&
    error.code !== ErrorCode.RequestTimeout &&
    error.code !== ErrorCode.ConnectionClosed
  );
}

/** What went wrong reaching the remote, in the words of the seed's error table. */
export function describeFailure(a: { error: unknown; endpoint: URL }): string {
  const { error, endpoint } = a;
  const where = endpoint.origin;
  if (error instanceof StreamableHTTPError && error.code === 401)
    return `The Comply instance at ${where} refused the API token (401 Unauthorized): it is missing, malformed, expired or revoked. Create a new token (Settings → API Tokens → Generate New Token), set COMPLY_API_TOKEN to exactly that token and restart the MCP client.`;
  if (error instanceof StreamableHTTPError && error.code === 403)
    return `The Comply instance at ${where} answered 403 Forbidden: ${error.message}`;
  if (error instanceof StreamableHTTPError && error.code === 404)
    return `Nothing answers MCP at ${endpoint.href} (404). Check COMPLY_URL: it is the instance's address, e.g. https://comply.example.com.`;
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
    return `The Comply instance at ${where} did not answer in time. Check the address, connectivity and scheme (https:// for production, http:// for a local instance).`;
  if (error instanceof StreamableHTTPError)
    return `The Comply instance at ${where} answered with an error: ${error.message}`;
  return `Cannot reach the Comply instance at ${where} (${reason(error)}). Check the address, connectivity and scheme (https:// for production, http:// for a local instance).`;
}

function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
