import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolError } from '../src/core/errors.js';
import { exportOscalText } from '../src/oscal/export.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';

// Exports are bounded in size (EXPORT_CHAR_LIMIT, 64 MiB): a catalog's stored text is measured
// before the document is built, and the finished JSON once more. Filling a database past 64 MiB
// is too heavy for a test, so the same checks run here with a limit the caller lowers.
describe.each(DRIVERS)('the size bound of an OSCAL export (%s)', (driver) => {
  let server: TestServer;
  let frameworkId: string;
  const export_ = async (args: { model: string; charLimit: number }) => {
    const { storage, owner } = server;
    const organization = await storage.organizations.getForUser({
      organizationId: owner.organizationId,
      userId: owner.userId,
    });
    return exportOscalText({ storage, organization: organization!, frameworkId, ...args });
  };

  beforeAll(async () => {
    server = await startTestServer({ driver });
    const added = await server.call('addFramework', {
      organization_id: server.owner.organizationId,
      name: 'Long statements',
      idempotency_key: 'export-limit',
      controls: [
        { code: 'LS-1', title: 'First', description: 'a'.repeat(3_000) },
        { code: 'LS-2', title: 'Second', description: 'b'.repeat(3_000) },
      ],
    });
    expect(added.status).toBe(200);
    frameworkId = added.body.id;
  });
  afterAll(() => server?.stop());

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ToolError);
    return error as ToolError;
  };

  it('refuses a catalog whose stored text alone is over the limit, before building it', async () => {
    const error = await refusal(export_({ model: 'catalog', charLimit: 5_000 }));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.field).toBe('model');
    expect(error.message).toContain('larger than 5000 characters');
  });

  it('refuses a document whose JSON is over the limit though its stored text is under it', async () => {
    const error = await refusal(export_({ model: 'catalog', charLimit: 6_500 }));
    expect(error.field).toBe('model');
  });

  it('exports what fits', async () => {
    const text = await export_({ model: 'catalog', charLimit: 64 * 1024 });
    expect(text.length).toBeGreaterThan(6_000);
    expect(JSON.parse(text).catalog.controls ?? JSON.parse(text).catalog.groups).toBeTruthy();
  });
});
