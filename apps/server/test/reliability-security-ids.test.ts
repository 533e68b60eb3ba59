import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';

describe.each(DRIVERS)('ids naming Object.prototype members (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server?.stop());

  it.each(['constructor_x', 'toString_1', 'hasOwnProperty_1', '__proto___1', 'valueOf_1'])(
    'answers getRisk and updateVendor for %s with 404, not 500',
    async (id) => {
      for (const [tool, input] of [
        ['getRisk', { id }],
        ['updateVendor', { id, name: 'renamed' }],
      ] as const) {
        const reply = await server.call(tool, input);
        expect(reply.status, `${tool} ${id}`).toBe(404);
        expect(reply.body.error.code).toBe('NOT_FOUND');
      }
    },
  );
});
