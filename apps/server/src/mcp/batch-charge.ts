import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { TokenLimiter } from '../http/rate-limit.js';
import type { JsonRpcReply } from './multiplex-transport.js';
import { errorReply, RpcCode } from './rpc-error.js';

type RequestId = string | number;

/** The id of a message that expects a reply (a request), or undefined for notifications and responses. */
export function requestIdOf(message: JSONRPCMessage): RequestId | undefined {
  return 'method' in message && 'id' in message ? (message.id as RequestId) : undefined;
}

/**
 * Charges the requests of one POST to the token's rate limit, whatever their method (tools/call,
 * resources/read, prompts/get, completion/complete, ping…): the HTTP request paid for the first
 * (rate-limit.ts), every further request of a batch takes one unit more. Returns, per message, the
 * -32000 reply for a request over the budget (it is not run), or undefined to run it.
 */
export function createBatchCharger({ limiter, tokenId }: { limiter: TokenLimiter; tokenId: string }) {
  let prepaid = true;
  return async (message: JSONRPCMessage): Promise<JsonRpcReply | undefined> => {
    const id = requestIdOf(message);
    if (id === undefined) return undefined;
    const seconds = prepaid ? 0 : await limiter({ tokenId });
    prepaid = false;
    if (seconds === 0) return undefined;
    return errorReply({
      id,
      code: RpcCode.RateLimited,
      message: `Rate limited: this batch has more requests than this token may make now; retry after ${seconds} second${seconds === 1 ? '' : 's'}.`,
      data: { code: 'RATE_LIMITED', retry_after_seconds: seconds },
    });
  };
}
