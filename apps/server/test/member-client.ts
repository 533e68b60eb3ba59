import type { CallResult, Member, TestServer } from './harness.js';

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
