import type { Storage } from '@comply/storage';
import type { Server } from '@modelcontextprotocol/server';
import type { Caller } from '../core/caller.js';
import { completePromptArgument } from './prompts/completions.js';
import { getPrompt, listPrompts } from './prompts/get-prompt.js';

/** The capabilities the prompts need, in both eras. */
export const PROMPT_CAPABILITIES = { prompts: { listChanged: false }, completions: {} };

/**
 * The workflow prompts and their completions on a 2026-07-28 server (the v2 SDK registers handlers
 * by method name); the same functions as `registerPrompts` on the 2025-era server.
 */
export function registerModernPrompts({
  server,
  caller,
  storage,
}: {
  server: Server;
  caller: () => Caller;
  storage: Storage;
}) {
  server.setRequestHandler('prompts/list', () => listPrompts());
  server.setRequestHandler('prompts/get', (request) =>
    getPrompt({
      name: request.params.name,
      args: request.params.arguments,
      caller: caller(),
      storage,
    }),
  );
  server.setRequestHandler('completion/complete', (request) =>
    completePromptArgument({
      ref: request.params.ref,
      argument: request.params.argument,
      context: request.params.context,
      caller: caller(),
      storage,
    }),
  );
}
