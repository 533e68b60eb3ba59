import { beforeAll } from 'vitest';
import { type CallResult, type Member, type TestServer, useTestServer } from './harness.js';

/** Tool calls as one member, in the member's organization. */
export interface MemberClient {
  /** The raw REST reply. */
  call(tool: string, input?: Record<string, unknown>): Promise<CallResult>;
  /** The tool's output; throws (failing the test) on an error reply. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of tool outputs
  ok(tool: string, input?: Record<string, unknown>): Promise<any>;
  /** The ids a list tool returns for `input`, in order (one page). */
  ids(tool: string, input?: Record<string, unknown>): Promise<string[]>;
}

/** A client for `member` on `server`; `organization_id` is filled in unless the input sets it. */
export function memberClient({ server, member }: { server: TestServer; member: Member }): MemberClient {
  const call = (tool: string, input: Record<string, unknown> = {}) =>
    server.call(tool, { organization_id: member.organizationId, ...input }, { token: member.token });
  const ok = async (tool: string, input: Record<string, unknown> = {}) => {
    const result = await call(tool, input);
    if (result.status !== 200)
      throw new Error(`${tool} answered ${result.status}: ${JSON.stringify(result.body)}`);
    return result.body;
  };
  return {
    call,
    ok,
    async ids(tool, input) {
      const body = await ok(tool, input);
      const items = Object.values(body).find(Array.isArray) as { id: string }[];
      return items.map((item) => item.id);
    },
  };
}

/**
 * Registers a file's set-up as its `beforeAll` and `afterAll`: a test server on `driver` and a new
 * member, OWNER of their own organization. Answers a client for that member, usable from the first
 * test on, and `server` beside it; the server stops after the file's tests.
 */
export function useMemberClient(
  driver: TestServer['driver'],
): MemberClient & { readonly server: TestServer } {
  const server = useTestServer({ driver });
  let client: MemberClient | undefined;
  beforeAll(async () => {
    client = memberClient({ server, member: await server.addMember() });
  });
  const ready = () => {
    if (!client) throw new Error('useMemberClient: the client is ready only once beforeAll has run.');
    return client;
  };
  return {
    server,
    call: (tool, input) => ready().call(tool, input),
    ok: (tool, input) => ready().ok(tool, input),
    ids: (tool, input) => ready().ids(tool, input),
  };
}
