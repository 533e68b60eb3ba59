import { validateOscal } from '@comply/oscal';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type Member, startTestServer, type TestServer } from './harness.js';
import { callOk, connectMcp } from './mcp-client.js';
import { oscalRequest } from './oscal-client.js';

const QUARTERS = [
  ['2025-07-01', '2025-09-30'],
  ['2025-10-01', '2025-12-31'],
  ['2026-01-01', '2026-03-31'],
  ['2026-04-01', '2026-06-30'],
] as const;

/** A SOC 2 Type II year walked with the official MCP SDK client: test plans, runs, the period's gaps. */
describe.each(DRIVERS)('control tests over a SOC 2 Type II period, over MCP (%s)', (driver) => {
  let server: TestServer;
  let client: Client;
  let stranger: Member;
  let organizationId: string;
  let frameworkId: string;
  const tests: Record<'access' | 'change', string> = { access: '', change: '' };
  const call = (name: string, args: Record<string, unknown>) =>
    callOk({ client, name, args: { organization_id: organizationId, ...args } });
  const errorOf = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: { organization_id: organizationId, ...args } });
    expect(result.isError).toBe(true);
    return JSON.parse((result.content as { text: string }[])[0]!.text).error;
  };
  const period = { period_start: QUARTERS[0][0], period_end: QUARTERS[3][1] };

  beforeAll(async () => {
    server = await startTestServer({ driver });
    client = await connectMcp({ server });
    organizationId = server.owner.organizationId;
    stranger = await server.addMember();
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it('adopts SOC 2 and plans quarterly tests of two measures', async () => {
    frameworkId = (await call('addFramework', { library_key: 'soc2-tsc-2017' })).id;
    const measure = async (name: string, code: string) =>
      (await call('addMeasure', { name, controls: [{ framework_id: frameworkId, control_code: code }] })).id;
    const plan = async (measureId: string, title: string) =>
      (
        await call('addControlTest', {
          measure_id: measureId,
          title,
          procedure: 'Sample 25 items of the quarter.',
          frequency: 'QUARTERLY',
          population: 'The quarter’s items',
          sample_size: 25,
        })
      ).id;
    tests.access = await plan(
      await measure('Quarterly access reviews', 'CC6.2'),
      'Leavers disabled in a day',
    );
    tests.change = await plan(await measure('Change approval', 'CC8.1'), 'Changes approved before deploy');
    const listed = await call('listControlTests', { frequency: ['QUARTERLY'] });
    expect(listed.control_tests.map((t: { id: string }) => t.id).sort()).toEqual(Object.values(tests).sort());
  });

  it('refuses a test of another organization’s or an unknown measure: NOT_FOUND', async () => {
    const foreign = await server.call(
      'addMeasure',
      { organization_id: stranger.organizationId, name: 'Foreign measure' },
      { token: stranger.token },
    );
    for (const measure_id of [foreign.body.id, 'msr_01UNKNOWN']) {
      const error = await errorOf('addControlTest', { measure_id, title: 'x', frequency: 'QUARTERLY' });
      expect(error).toMatchObject({ code: 'NOT_FOUND', field: 'measure_id' });
    }
  });

  it('records three of four quarters of access reviews and a failed change quarter', async () => {
    for (const [start, end] of [QUARTERS[0], QUARTERS[1], QUARTERS[3]]) {
      await call('recordTestRun', {
        control_test_id: tests.access,
        period_start: start,
        period_end: end,
        samples_tested: 25,
        result: 'PASSED',
      });
    }
    for (const [index, [start, end]] of QUARTERS.entries()) {
      const failed = index === 2;
      const run = await call('recordTestRun', {
        control_test_id: tests.change,
        period_start: start,
        period_end: end,
        samples_tested: 25,
        result: failed ? 'FAILED' : 'PASSED',
        ...(failed && {
          exceptions: ['Three changes deployed without approval.'],
          raise_nonconformity: { severity: 'MAJOR' },
        }),
      });
      if (failed) {
        const nc = await call('getNonconformity', { id: run.nonconformity_id });
        expect(nc).toMatchObject({ severity: 'MAJOR', status: 'OPEN' });
      }
    }
    const failedRuns = await call('listTestRuns', {
      result: ['FAILED'],
      ...{ from: '2026-01-01', to: '2026-03-31' },
    });
    expect(failedRuns.test_runs.map((r: { control_test_id: string }) => r.control_test_id)).toEqual([
      tests.change,
    ]);
    const access = await call('getControlTest', { id: tests.access });
    expect(access.latest_runs.map((r: { period_end: string }) => r.period_end)).toEqual([
      QUARTERS[3][1],
      QUARTERS[1][1],
      QUARTERS[0][1],
    ]);
  });

  it('shows the missing quarter as a gap and the failed quarter as failed', async () => {
    const report = await call('getOperatingEffectiveness', { framework_id: frameworkId, ...period });
    expect(report).toMatchObject({
      tested_control_count: 2,
      state_counts: { GAP: 1, FAILED: 1, EFFECTIVE: 0 },
    });
    const control = (code: string) => report.controls.find((c: { code: string }) => c.code === code);
    const windows = (code: string) =>
      control(code).tests[0].windows.map((w: { start: string; end: string; status: string }) => [
        w.start,
        w.end,
        w.status,
      ]);
    expect(control('CC6.2').state).toBe('GAP');
    expect(windows('CC6.2')).toEqual(
      QUARTERS.map(([start, end], i) => [start, end, i === 2 ? 'MISSING' : 'PASSED']),
    );
    expect(control('CC8.1').state).toBe('FAILED');
    expect(windows('CC8.1')).toEqual(
      QUARTERS.map(([start, end], i) => [start, end, i === 2 ? 'FAILED' : 'PASSED']),
    );
    // A retest of the failed quarter that passes is the quarter's latest run: the control recovers.
    await call('recordTestRun', {
      control_test_id: tests.change,
      period_start: QUARTERS[2][0],
      period_end: QUARTERS[2][1],
      samples_tested: 40,
      result: 'PASSED',
    });
    const after = await call('getOperatingEffectiveness', { framework_id: frameworkId, ...period });
    expect(after.state_counts).toMatchObject({ GAP: 1, FAILED: 0, EFFECTIVE: 1 });
  });

  it('carries the runs into the OSCAL assessment results as TEST observations, valid', async () => {
    const reply = await oscalRequest({
      url: server.url,
      token: server.owner.token,
      path: `/api/oscal/export/assessment-results?organization_id=${organizationId}&framework_id=${frameworkId}`,
    });
    expect(reply.status).toBe(200);
    expect(validateOscal(reply.body)).toMatchObject({ ok: true });
    const result = reply.body['assessment-results'].results.find(
      (r: { title: string }) => r.title === 'Control test runs',
    );
    const observations = result.observations as {
      title: string;
      methods: string[];
      props: { name: string; value: string }[];
    }[];
    const listed = await call('listTestRuns', { page_size: 100 });
    expect(observations).toHaveLength(listed.test_runs.length);
    expect(observations.every((o) => o.methods[0] === 'TEST')).toBe(true);
    const failed = observations.filter((o) =>
      o.props.some((p) => p.name === 'result' && p.value === 'FAILED'),
    );
    expect(failed.map((o) => o.title)).toEqual(['Changes approved before deploy, 2026-01-01 to 2026-03-31']);
  });

  it('leaves out a control the Statement of Applicability excludes, and brings it back', async () => {
    const applicability = (applicable: boolean) =>
      call('updateControlApplicability', {
        framework_id: frameworkId,
        controls: [
          applicable
            ? { code: 'CC6.2', applicable: true, justification: 'Access is in scope.' }
            : { code: 'CC6.2', applicable: false, justification: 'No user accounts in scope.' },
        ],
      });
    await applicability(false);
    const excluded = await call('getOperatingEffectiveness', { framework_id: frameworkId, ...period });
    expect(excluded.controls.map((c: { code: string }) => c.code)).toEqual(['CC8.1']);
    expect(excluded).toMatchObject({ tested_control_count: 1, state_counts: { GAP: 0, EFFECTIVE: 1 } });
    await applicability(true);
    const back = await call('getOperatingEffectiveness', { framework_id: frameworkId, ...period });
    expect(back).toMatchObject({ tested_control_count: 2, state_counts: { GAP: 1, EFFECTIVE: 1 } });
  });

  it('answers NOT_FOUND for another organization’s framework and refuses a reversed period', async () => {
    const foreign = await server.call(
      'addFramework',
      { organization_id: stranger.organizationId, library_key: 'soc2-tsc-2017' },
      { token: stranger.token },
    );
    const error = await errorOf('getOperatingEffectiveness', { framework_id: foreign.body.id, ...period });
    expect(error).toMatchObject({ code: 'NOT_FOUND', field: 'framework_id' });
    const reversed = await errorOf('getOperatingEffectiveness', {
      framework_id: frameworkId,
      period_start: '2026-06-30',
      period_end: '2025-07-01',
    });
    expect(reversed).toMatchObject({ code: 'INVALID_INPUT', field: 'period_end' });
  });

  it('never lets a run be changed: there is no tool for it and the database refuses', async () => {
    expect(
      (await client.listTools()).tools
        .map((t) => t.name)
        .filter((n) => /TestRun/.test(n))
        .sort(),
    ).toEqual(['listTestRuns', 'recordTestRun']);
    await expect(
      server.storage.db
        .updateTable('control_test_runs')
        .set({ result: 'PASSED' })
        .where('result', '=', 'FAILED')
        .execute(),
    ).rejects.toThrow();
  });
});
