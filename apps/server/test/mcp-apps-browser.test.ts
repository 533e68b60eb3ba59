import { seedDemo } from '@comply/storage';
import type { Frame, FrameLocator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hostCalls, openHost, setHostTheme, showView } from './apps-host.js';
import { seriousViolations } from './axe.js';
import { HAVE_CHROMIUM, requireChromium, screenshot, useBrowserSession } from './browser.js';
import { DRIVERS } from './harness.js';

requireChromium('mcp-apps-browser');

/**
 * The MCP Apps views in a real host: a page built on the SDK's AppBridge, whose MCP client
 * (announcing the UI extension) talks to a listening Comply server, renders each tool's view in a
 * sandboxed iframe under the CSP the resource asks for, and answers the view's tool calls.
 */
describe.skipIf(!HAVE_CHROMIUM).each(DRIVERS)('MCP Apps views in a browser host (%s)', (driver) => {
  let org: string;
  let iso: string;
  const requests: string[] = [];
  const frame = (): FrameLocator => session.page.frameLocator('#host iframe');
  const viewFrame = (): Frame => session.page.frames().find((f) => f !== session.page.mainFrame())!;

  /**
   * axe-core in the view's frame, in both themes; then screenshots at a narrow and a wide width, and
   * the wide one in the dark theme (PGlite run only).
   */
  async function shots(name: string) {
    expect(await seriousViolations(viewFrame())).toEqual([]);
    await setHostTheme(session.page, 'dark');
    expect(await seriousViolations(viewFrame())).toEqual([]);
    await setHostTheme(session.page, 'light');
    if (driver !== 'pglite') return;
    for (const width of [380, 1000]) {
      await session.page.setViewportSize({ width, height: 900 });
      await session.page.waitForTimeout(150);
      await screenshot(session.page, `mcp-app-${name}-${width}`);
    }
    await setHostTheme(session.page, 'dark');
    await session.page.waitForTimeout(150);
    await screenshot(session.page, `mcp-app-${name}-1000-dark`);
    await setHostTheme(session.page, 'light');
    await session.page.setViewportSize({ width: 1000, height: 900 });
  }

  const session = useBrowserSession({
    server: { driver },
    signIn: false,
    seed: async (server) => {
      const demo = await seedDemo({ storage: server.storage, ownerUserId: server.owner.userId });
      org = demo.organizationId;
      const frameworks = await server.call('listFrameworks', { organization_id: org });
      iso = frameworks.body.frameworks.find((f: { name: string }) => /27001/.test(f.name)).id;
    },
  });
  beforeAll(async () => {
    session.page.on('request', (request) => requests.push(request.url()));
    await session.page.setViewportSize({ width: 1000, height: 900 });
    const tools = await openHost({
      page: session.page,
      url: session.server.url,
      token: session.server.owner.token,
    });
    expect(tools).toContain('updateControlApplicability');
  });

  it('renders audit readiness, gaps first, and drills into a control through a tool call', async () => {
    const shown = await showView(session.page, {
      tool: 'getAuditReadiness',
      args: { organization_id: org, framework_id: iso, top_n: 10 },
    });
    expect(shown).toMatchObject({
      resourceUri: 'ui://comply/readiness',
      mimeType: 'text/html;profile=mcp-app',
      csp: { connectDomains: [], resourceDomains: [] },
    });
    await frame()
      .getByRole('heading', { name: /^Audit readiness: /, level: 1 })
      .waitFor();
    const readiness = await session.server.call('getAuditReadiness', {
      organization_id: org,
      framework_id: iso,
    });
    await frame().getByText(`${readiness.body.readiness_percent}%`, { exact: true }).first().waitFor();
    // Families are listed weakest first.
    const percents = await frame()
      .getByRole('table', { name: 'Coverage by family, gaps first' })
      .locator('tbody tr td:last-child')
      .allTextContents();
    const values = percents.map((t) => Number.parseFloat(t));
    expect(values.length).toBeGreaterThan(1);
    expect([...values].sort((a, b) => a - b)).toEqual(values);

    const gap = readiness.body.gaps.not_ready_controls.items.find((c: { gap_reasons: string[] }) =>
      c.gap_reasons.includes('NOT_IMPLEMENTED'),
    ) as { code: string; title: string };
    expect(gap).toBeDefined();
    await frame()
      .getByRole('button', { name: `${gap.code} ${gap.title}` })
      .click();
    const measures = await session.server.call('listMeasures', {
      organization_id: org,
      framework_id: iso,
      control_code: gap.code,
    });
    const list = frame().getByRole('list', { name: `Measures of ${gap.code}` });
    await list.waitFor();
    for (const m of measures.body.measures) await list.getByText(m.name, { exact: true }).waitFor();
    expect((await hostCalls(session.page)).at(-1)).toMatchObject({
      name: 'listMeasures',
      arguments: { organization_id: org, framework_id: iso, control_code: gap.code },
      isError: false,
    });
    await shots('readiness');
  });

  it('renders the risk heat maps from every page and lists the risks of a clicked cell', async () => {
    await showView(session.page, { tool: 'listRisks', args: { organization_id: org, page_size: 15 } });
    const all = await session.server.call('listRisks', { organization_id: org, page_size: 100 });
    const risks = all.body.risks as {
      name: string;
      residual_likelihood: number;
      residual_impact: number;
    }[];
    expect(all.body.total_count).toBeGreaterThan(15);
    await frame().getByText(`${risks.length} risks; select a cell`).waitFor();
    // The view read the further pages itself.
    expect(
      (await hostCalls(session.page)).filter((c) => c.name === 'listRisks').length,
    ).toBeGreaterThanOrEqual(1);
    const top = risks[0]!;
    const inCell = risks.filter(
      (r) => r.residual_likelihood === top.residual_likelihood && r.residual_impact === top.residual_impact,
    );
    const label = new RegExp(
      `^residual likelihood ${top.residual_likelihood}, impact ${top.residual_impact} \\(\\w+\\): ${inCell.length} risks?$`,
    );
    await frame().getByRole('button', { name: label }).click();
    const list = frame().getByRole('list', { name: /^Residual likelihood/ });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(inCell.length);
    await list.getByText(top.name, { exact: true }).waitFor();
    await shots('risk-heat-map');
  });

  it('edits applicability from the SoA view through updateControlApplicability, audited', async () => {
    await showView(session.page, {
      tool: 'getStatementOfApplicability',
      args: { organization_id: org, framework_id: iso, page_size: 25 },
    });
    const soa = await session.server.call('getStatementOfApplicability', {
      organization_id: org,
      framework_id: iso,
      page_size: 25,
    });
    const control = soa.body.controls.find(
      (c: { applicability: string }) => c.applicability !== 'EXCLUDED',
    ) as {
      code: string;
    };
    await frame().getByRole('heading', { name: 'Statement of Applicability' }).waitFor();
    await frame()
      .getByRole('button', { name: `Edit ${control.code}`, exact: true })
      .click();
    const form = frame().getByRole('form', { name: `Applicability of ${control.code}` });
    await form.getByLabel('Excluded').check();
    await form.getByLabel(`Justification ${control.code}`).fill('Not in scope: no premises of our own.');
    await form.getByRole('button', { name: `Save ${control.code}` }).click();
    await expect
      .poll(() => frame().getByRole('status').textContent())
      .toBe(`Saved ${control.code} as excluded.`);

    const after = await session.server.call('getStatementOfApplicability', {
      organization_id: org,
      framework_id: iso,
      page_size: 25,
    });
    expect(after.body.controls.find((c: { code: string }) => c.code === control.code)).toMatchObject({
      applicability: 'EXCLUDED',
      justification: 'Not in scope: no premises of our own.',
    });
    const audit = await session.server.storage.db
      .selectFrom('audit_log')
      .select(['action', 'token_id', 'source'])
      .where('organization_id', '=', org)
      .where('action', '=', 'updateControlApplicability')
      .execute();
    expect(audit).toEqual([
      { action: 'updateControlApplicability', token_id: session.server.owner.tokenId, source: 'mcp' },
    ]);
    await shots('soa');
  });

  it('renders the needs-attention list of the compliance report', async () => {
    await showView(session.page, { tool: 'getComplianceReport', args: { organization_id: org, top_n: 5 } });
    const report = await session.server.call('getComplianceReport', { organization_id: org, top_n: 5 });
    await frame().getByRole('heading', { name: 'Needs attention', level: 1 }).waitFor();
    const high = report.body.risks.high_priority.items;
    expect(high.length).toBeGreaterThan(0);
    await frame()
      .getByRole('heading', { name: `High-priority risks (${high.length})` })
      .waitFor();
    await frame().getByText(high[0].name, { exact: true }).waitFor();
    await shots('attention');
  });

  it('loads nothing from any origin: the only requests are the host page and its MCP calls', () => {
    const origin = new URL(session.server.url).origin;
    const foreign = requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'));
    expect(foreign).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(`${origin}/api/mcp/v1`))).toEqual([
      `${origin}/__apps-host`,
    ]);
    expect(viewFrame().url()).toBe('about:srcdoc');
  });

  it("offers no edit in a read-only token's SoA view", async () => {
    const { token } = await session.server.createToken({
      userId: session.server.owner.userId,
      scope: 'READ',
    });
    const tools = await openHost({ page: session.page, url: session.server.url, token });
    expect(tools).not.toContain('updateControlApplicability');
    await showView(session.page, {
      tool: 'getStatementOfApplicability',
      args: { organization_id: org, framework_id: iso, page_size: 25 },
    });
    await frame()
      .getByText(/Your access is read only\./)
      .waitFor();
    await frame().getByRole('table', { name: 'Controls' }).waitFor();
    expect(
      await frame()
        .getByRole('button', { name: /^Edit / })
        .count(),
    ).toBe(0);
    if (driver === 'pglite') await screenshot(session.page, 'mcp-app-soa-read-only-1000');
  });
});
