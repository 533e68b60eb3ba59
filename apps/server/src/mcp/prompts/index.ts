import type { Storage } from '@comply/storage';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { callerFromAuthInfo } from '../auth-info.js';
import { completePromptArgument } from './completions.js';
import { getPrompt, listPrompts } from './get-prompt.js';

/**
 * The workflow prompts (risk assessment, vendor review, control gap analysis, audit preparation)
 * and completions of their arguments. The server must declare the `prompts` and `completions`
 * capabilities; the logic lives in get-prompt.ts and completions.ts, apart from the SDK.
 */
export function registerPrompts({ server, storage }: { server: Server; storage: Storage }) {
  server.setRequestHandler(ListPromptsRequestSchema, () => listPrompts());
  server.setRequestHandler(GetPromptRequestSchema, (request, extra) =>
    getPrompt({
      name: request.params.name,
      args: request.params.arguments,
      caller: callerFromAuthInfo(extra.authInfo),
      storage,
    }),
  );
  server.setRequestHandler(CompleteRequestSchema, (request, extra) =>
    completePromptArgument({
      ref: request.params.ref,
      argument: request.params.argument,
      context: request.params.context,
      caller: callerFromAuthInfo(extra.authInfo),
      storage,
    }),
  );
}
