import { tools } from '@comply/schemas';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type Member, startTestServer, type TestServer } from './harness.js';
import { callOk, connectMcp } from './mcp-client.js';

/** One numbered step of a prompt's message: the tool, its JSON arguments, and a per-item key. */
interface ParsedStep {
  tool: string;
  args: Record<string, unknown>;
  forEach?: { step: number; key: string };
}

const STEP = /^\d+\. (?:For each \w+ of step (\d+): )?(\w+) (\{.*\})(?: with "(\w+)" set to its id)? — /;

function parseSteps(text: string): ParsedStep[] {
  return text.split('\n').flatMap((line) => {
    const m = STEP.exec(line);
    if (!m) return [];
    const [, of, tool, json, key] = m;
    return [
      { tool: tool!, args: JSON.parse(json!), ...(of && key ? { forEach: { step: Number(of), key } } : {}) },
    ];
  });
}

function textOf(result: { messages: { role: string; content: { type: string; text?: string } }[] }): string {
  expect(result.messages).toHaveLength(1);
  expect(result.messages[0]?.role).toBe('user');
  expect(result.messages[0]?.content.type).toBe('text');
  return result.messages[0]?.content.text ?? '';
}

/** The records of a list output (its one array), or [] for other outputs. */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of tool outputs
function itemsOf(output: any): { id: string; name?: string }[] {
  return (Object.values(output ?? {}).find(Array.isArray) as { id: string }[] | undefined) ?? [];
}

/**
 * Runs every step the message asks for, as an assistant would, through the MCP client: each must
 * name a real tool and valid arguments (the tool core rejects unknown fields). Returns the outputs.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of tool outputs
async function runSteps(client: Client, steps: ParsedStep[]): Promise<any[]> {
  const outputs: unknown[] = [];
  for (const s of steps) {
    expect(Object.keys(tools), s.tool).toContain(s.tool);
    const args = { ...s.args };
    if (s.forEach) {
      const first = itemsOf(outputs[s.forEach.step - 1])[0];
      expect(first, `step ${s.forEach.step} must list something for ${s.tool}`).toBeDefined();
      args[s.forEach.key] = first?.id;
    }
    outputs.push(await callOk({ client, name: s.tool, args }));
  }
  return outputs;
}

describe.each(DRIVERS)('MCP prompts and completions (%s)', (driver) => {
  let server: TestServer;
  let client: Client;
  let stranger: Member;
  let strangerClient: Client;
  let orgId: string;
  let secondOrgId: string;
  let frameworkId: string;
  let otherFrameworkId: string;
  let strangerFrameworkId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ driver });
    client = await connectMcp({ server });
    orgId = server.owner.organizationId;
    const second = await server.storage.organizations.create({
      name: 'Zenith Labs',
      ownerUserId: server.owner.userId,
      actor: { userId: null, tokenId: null, source: 'cli', action: 'test-setup' },
    });
    secondOrgId = second.id;

    const add = (name: string, args: Record<string, unknown>) => callOk({ client, name, args });
    frameworkId = (
      await add('addFramework', {
        organization_id: orgId,
        name: 'ISO 27001 subset',
        controls: [
          { code: 'A.1', title: 'Policies' },
          { code: 'A.2', title: 'Access control' },
        ],
      })
    ).id;
    otherFrameworkId = (
      await add('addFramework', {
        organization_id: orgId,
        name: 'NIS2 duties',
        controls: [{ code: 'N.1', title: 'Incident reporting' }],
      })
    ).id;
    ids.risk = (
      await add('addRisk', {
        organization_id: orgId,
        name: 'Ransomware',
        inherent_likelihood: 5,
        inherent_impact: 4,
      })
    ).id;
    ids.lowRisk = (
      await add('addRisk', {
        organization_id: orgId,
        name: 'Coffee spill',
        inherent_likelihood: 1,
        inherent_impact: 1,
      })
    ).id;
    await add('addMeasure', {
      organization_id: orgId,
      name: 'Offline backups',
      state: 'IN_PROGRESS',
      risk_ids: [ids.risk],
      controls: [{ framework_id: frameworkId, control_code: 'A.1' }],
    });
    ids.overdueVendor = (
      await add('addVendor', {
        organization_id: orgId,
        name: 'Old Cloud',
        last_reviewed_at: '2020-01-01',
        review_interval_days: 365,
      })
    ).id;
    ids.newVendor = (await add('addVendor', { organization_id: orgId, name: 'Fresh SaaS' })).id;
    await add('addNonconformity', { organization_id: orgId, title: 'Backups untested', severity: 'MAJOR' });

    stranger = await server.addMember();
    strangerClient = await connectMcp({ server, token: stranger.token });
    strangerFrameworkId = (
      await callOk({
        client: strangerClient,
        name: 'addFramework',
        args: {
          organization_id: stranger.organizationId,
          name: 'ISO stranger',
          controls: [{ code: 'S.1', title: 'x' }],
        },
      })
    ).id;
  });
  afterAll(async () => {
    await client?.close();
    await strangerClient?.close();
    await server?.stop();
  });

  /** The text of prompt `name` for the organization, with `args` beside organization_id. */
  const promptText = async (name: string, args: Record<string, string> = {}) =>
    textOf(await client.getPrompt({ name, arguments: { organization_id: orgId, ...args } }));

  it('advertises prompts and completions and lists the five workflow prompts with their arguments', async () => {
    expect(client.getServerCapabilities()?.prompts).toBeDefined();
    expect(client.getServerCapabilities()?.completions).toBeDefined();
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual([
      'riskAssessment',
      'vendorReview',
      'controlGapAnalysis',
      'auditPreparation',
      'prepareStatementOfApplicability',
    ]);
    const required = Object.fromEntries(
      prompts.map((p) => [p.name, (p.arguments ?? []).filter((a) => a.required).map((a) => a.name)]),
    );
    expect(required).toEqual({
      riskAssessment: ['organization_id'],
      vendorReview: ['organization_id'],
      controlGapAnalysis: ['organization_id', 'framework_id'],
      auditPreparation: ['organization_id', 'framework_id'],
      prepareStatementOfApplicability: ['organization_id', 'framework_id'],
    });
    for (const p of prompts) {
      expect(p.title).toBeTruthy();
      expect(p.description).toBeTruthy();
      for (const a of p.arguments ?? []) expect(a.description, `${p.name}.${a.name}`).toBeTruthy();
    }
  });

  it('riskAssessment asks for the high risks and their measures, with calls that run', async () => {
    const text = await promptText('riskAssessment');
    const steps = parseSteps(text);
    expect(steps.map((s) => s.tool)).toEqual(['listRisks', 'listRisks', 'listMeasures', 'listRisks']);
    expect(steps[0]?.args).toMatchObject({ organization_id: orgId, min_residual_score: 16 });
    expect(steps[2]?.forEach).toEqual({ step: 1, key: 'risk_id' });
    const [high, , measures] = await runSteps(client, steps);
    expect(itemsOf(high).map((r) => r.id)).toEqual([ids.risk]);
    expect(itemsOf(measures).map((m) => m.name)).toEqual(['Offline backups']);
    const lower = await promptText('riskAssessment', { min_residual_score: '1' });
    const [all] = await runSteps(client, parseSteps(lower));
    expect(
      itemsOf(all)
        .map((r) => r.id)
        .sort(),
    ).toEqual([ids.risk, ids.lowRisk].sort());
  });

  it('vendorReview asks for overdue, never-reviewed and upcoming reviews, with calls that run', async () => {
    const text = await promptText('vendorReview');
    const steps = parseSteps(text);
    expect(steps.map((s) => s.tool)).toEqual(['listVendors', 'listVendors', 'listVendors', 'listVendors']);
    expect(steps[0]?.args).toMatchObject({ review_overdue: true });
    expect(steps[1]?.args).toMatchObject({ never_reviewed: true });
    expect(steps[2]?.args.review_due_before).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [overdue, never] = await runSteps(client, steps);
    expect(itemsOf(overdue).map((v) => v.id)).toEqual([ids.overdueVendor]);
    expect(itemsOf(never).map((v) => v.id)).toEqual([ids.newVendor]);
  });

  it('controlGapAnalysis asks for the uncovered controls of the framework, with calls that run', async () => {
    const text = await promptText('controlGapAnalysis', { framework_id: frameworkId });
    expect(text).toContain('ISO 27001 subset');
    const steps = parseSteps(text);
    expect(steps.map((s) => s.tool)).toEqual([
      'getFramework',
      'listFrameworkControls',
      'listMeasures',
      'listMeasures',
    ]);
    const [, gaps, unfinished] = await runSteps(client, steps);
    expect(gaps.controls.map((c: { code: string }) => c.code)).toEqual(['A.1', 'A.2']);
    expect(itemsOf(unfinished).map((m) => m.name)).toEqual(['Offline backups']);
    const family = await promptText('controlGapAnalysis', { framework_id: frameworkId, family: 'ac' });
    expect(parseSteps(family)[1]?.args).toMatchObject({ family: 'ac', covered: false });
    await runSteps(client, parseSteps(family));
  });

  it('auditPreparation asks for readiness, gaps, nonconformities, obligations and audits, with calls that run', async () => {
    const text = await promptText('auditPreparation', { framework_id: frameworkId });
    const steps = parseSteps(text);
    expect(steps.map((s) => s.tool)).toEqual([
      'getAuditReadiness',
      'listFrameworkControls',
      'listMeasures',
      'listNonconformities',
      'listObligations',
      'listAudits',
    ]);
    const [readiness, , , open] = await runSteps(client, steps);
    expect(readiness.framework.id).toBe(frameworkId);
    expect(itemsOf(open)).toHaveLength(1);
  });

  it('prepareStatementOfApplicability asks for the SoA, readiness, risks and measures, with calls that run', async () => {
    const text = await promptText('prepareStatementOfApplicability', { framework_id: frameworkId });
    const steps = parseSteps(text);
    expect(steps.map((s) => s.tool)).toEqual([
      'getStatementOfApplicability',
      'getAuditReadiness',
      'listRisks',
      'listMeasures',
    ]);
    expect(text).toContain('`updateControlApplicability` with `controls`');
    expect(text).toContain('`approveStatementOfApplicability`');
    const [soa, readiness] = await runSteps(client, steps);
    expect(soa.framework_id).toBe(frameworkId);
    expect(soa.controls.length).toBe(soa.control_count);
    expect(readiness.framework.id).toBe(frameworkId);
    expect(
      await client
        .getPrompt({ name: 'prepareStatementOfApplicability', arguments: { organization_id: orgId } })
        .catch((e: Error) => e.message),
    ).toContain('`framework_id`');
  });

  it('refuses a missing, unknown or invalid argument with an error naming it', async () => {
    const refused = async (name: string, args: Record<string, string>) => {
      const error = await client.getPrompt({ name, arguments: args }).then(
        () => undefined,
        (e: Error & { code?: number }) => e,
      );
      expect(error, `${name} ${JSON.stringify(args)}`).toBeDefined();
      expect(error?.code).toBe(-32602);
      const field = (error as { data?: { field?: string } }).data?.field ?? '';
      expect(field, error?.message).toMatch(/^(arguments\.\w+|name)$/);
      if (field.startsWith('arguments.')) expect(error?.message).toContain(`\`${field.slice(10)}\``);
      return error?.message ?? '';
    };
    expect(await refused('riskAssessment', {})).toContain('`organization_id`');
    expect(await refused('controlGapAnalysis', { organization_id: orgId })).toContain('`framework_id`');
    expect(await refused('riskAssessment', { organization_id: stranger.organizationId })).toMatch(
      /organization `org_\w+` was not found/,
    );
    expect(
      await refused('auditPreparation', { organization_id: orgId, framework_id: strangerFrameworkId }),
    ).toContain(`framework \`${strangerFrameworkId}\` was not found`);
    expect(
      await refused('auditPreparation', { organization_id: orgId, framework_id: 'not an id' }),
    ).toContain('framework `not an id` was not found');
    expect(await refused('riskAssessment', { organization_id: '  ' })).toContain('`organization_id`');
    expect(await refused('riskAssessment', { organization_id: orgId, min_residual_score: '30' })).toContain(
      '`min_residual_score` must be a whole number from 1 to 25',
    );
    expect(await refused('vendorReview', { organization_id: orgId, within_days: 'soon' })).toContain(
      '`within_days`',
    );
    expect(await refused('vendorReview', { organization_id: orgId, colour: 'red' })).toContain(
      'no argument `colour`',
    );
    expect(await refused('budgetPlanning', { organization_id: orgId })).toContain(
      'Unknown prompt `budgetPlanning`',
    );
  });

  it("completes organization_id with the caller's organizations only, filtered by the typed prefix", async () => {
    const complete = (c: Client, value: string) =>
      c
        .complete({
          ref: { type: 'ref/prompt', name: 'riskAssessment' },
          argument: { name: 'organization_id', value },
        })
        .then((r) => r.completion.values);
    expect((await complete(client, '')).sort()).toEqual([orgId, secondOrgId].sort());
    expect(await complete(client, 'zen')).toEqual([secondOrgId]);
    expect(await complete(client, secondOrgId.slice(0, -2))).toEqual([secondOrgId]);
    expect(await complete(client, 'nothing-like-this')).toEqual([]);
    // Another account's token sees only its own organization, none of the owner's.
    expect(await complete(strangerClient, '')).toEqual([stranger.organizationId]);
    expect(await complete(strangerClient, 'zen')).toEqual([]);
    // A token restricted to one organization completes only that one.
    const narrow = await server.createToken({ userId: server.owner.userId, organizationIds: [secondOrgId] });
    const narrowClient = await connectMcp({ server, token: narrow.token });
    expect(await complete(narrowClient, '')).toEqual([secondOrgId]);
    await narrowClient.close();
  });

  it("completes framework_id with the chosen organization's frameworks, filtered by the typed prefix", async () => {
    const complete = (c: Client, value: string, organization_id?: string) =>
      c
        .complete({
          ref: { type: 'ref/prompt', name: 'auditPreparation' },
          argument: { name: 'framework_id', value },
          ...(organization_id ? { context: { arguments: { organization_id } } } : {}),
        })
        .then((r) => r.completion.values);
    expect((await complete(client, '', orgId)).sort()).toEqual([frameworkId, otherFrameworkId].sort());
    expect(await complete(client, 'iso', orgId)).toEqual([frameworkId]);
    expect(await complete(client, 'NIS', orgId)).toEqual([otherFrameworkId]);
    expect(await complete(client, '', secondOrgId)).toEqual([]);
    expect(await complete(client, '')).toEqual([]);
    // Not the caller's organization: nothing, even though its framework exists.
    expect(await complete(client, '', stranger.organizationId)).toEqual([]);
    expect(await complete(strangerClient, '', orgId)).toEqual([]);
    expect(await complete(strangerClient, 'iso', stranger.organizationId)).toEqual([strangerFrameworkId]);
  });
});
