import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listLibrary, validateOscal } from '@comply/oscal';
import { openStorage, type Storage } from '@comply/storage';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DRIVERS } from './harness.js';

// Each command is a child process started through tsx, which takes seconds on a loaded machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const run = fileURLToPath(new URL('../src/cli/run.ts', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../../../packages/oscal/test/fixtures/', import.meta.url));

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

describe.each(DRIVERS)('comply frameworks / export oscal (%s)', (driver) => {
  let root: string;
  let env: Record<string, string>;
  let org: string;
  let ownerUserId: string;
  const schema = `cli_${randomBytes(6).toString('hex')}`;

  /** `comply …` as a child process over this suite's database, like the `comply` bin (from sources). */
  const comply = (...args: string[]): Promise<Outcome> =>
    new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        ['--conditions=@comply/source', '--import', 'tsx', run, ...args],
        { cwd: repoRoot, env: { PATH: process.env.PATH ?? '', ...env }, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
          if (code === -1) reject(error);
          else resolve({ code, stdout, stderr });
        },
      );
    });

  /** Opens the same database the CLI uses (between commands: PGlite allows one process at a time). */
  async function withDb<T>(fn: (storage: Storage) => Promise<T>): Promise<T> {
    const storage =
      driver === 'postgres'
        ? await openStorage({ databaseUrl: process.env.TEST_DATABASE_URL, schema })
        : await openStorage({ dataDir: join(root, 'data') });
    try {
      return await fn(storage);
    } finally {
      await storage.close();
    }
  }

  const frameworks = () =>
    withDb((storage) =>
      storage.db
        .selectFrom('frameworks')
        .select(['id', 'name', 'library_key', 'baseline'])
        .where('organization_id', '=', org)
        .orderBy('created_at')
        .execute(),
    );

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'comply-cli-oscal-'));
    if (driver === 'postgres') {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      env = { DATABASE_URL: url.toString() };
    } else {
      env = { COMPLY_DATA_DIR: join(root, 'data') };
    }
    await withDb(async (storage) => {
      const user = await storage.users.create({
        email: 'owner@example.test',
        password: 'a long enough passphrase',
      });
      ownerUserId = user.id;
      const created = await storage.organizations.create({
        name: 'CLI Co',
        ownerUserId,
        actor: { userId: ownerUserId, tokenId: null, source: 'cli', action: 'createOrganization' },
      });
      org = created.id;
    });
  });
  afterAll(async () => {
    if (driver === 'postgres') {
      await withDb((storage) => sql`drop schema if exists ${sql.id(schema)} cascade`.execute(storage.db));
    }
    await rm(root, { recursive: true, force: true });
  });

  it('lists the library as a table and as JSON', async () => {
    const table = await comply('frameworks', 'library');
    expect(table.code, table.stderr).toBe(0);
    const [header, ...rows] = table.stdout.trimEnd().split('\n');
    expect(header!.split(/\s{2,}/)).toEqual([
      'KEY',
      'TITLE',
      'PUBLISHER',
      'VERSION',
      'CONTROLS',
      'BASELINES',
    ]);
    const library = listLibrary();
    expect(rows).toHaveLength(library.length);
    const nist = rows.find((row) => row.startsWith('nist-sp-800-53-r5 '))!;
    expect(nist).toContain('424');
    expect(nist).toContain('LOW, MODERATE, HIGH, PRIVACY');
    expect(rows.find((row) => row.startsWith('iso-27001-2022 '))).toMatch(/\s93\s+—$/);
    const json = await comply('frameworks', 'library', '--json');
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ entries: library });
  });

  it('imports a catalog, audited from the CLI, and refuses a bad document writing nothing', async () => {
    const file = join(FIXTURES, 'basic-catalog.json');
    const imported = await comply('frameworks', 'import', file, '--org', org);
    expect(imported.code, imported.stderr).toBe(0);
    const match = /^Imported framework (fw_[0-9A-Z]{26}) with (\d+) controls\.$/.exec(imported.stdout.trim());
    expect(match, imported.stdout).not.toBeNull();
    const [, frameworkId, count] = match!;
    await withDb(async (storage) => {
      const controls = await storage.frameworks.allControls({
        organizationId: org,
        frameworkId: frameworkId!,
      });
      expect(controls.length).toBe(Number(count));
      expect(controls.length).toBeGreaterThan(0);
      const audit = await storage.db
        .selectFrom('audit_log')
        .select(['source', 'action', 'actor_user_id', 'record_type'])
        .where('record_id', '=', frameworkId!)
        .execute();
      expect(audit).toEqual([
        { source: 'cli', action: 'importOscal', actor_user_id: null, record_type: 'framework' },
      ]);
    });

    const before = (await frameworks()).length;
    const bad = join(root, 'bad.json');
    await writeFile(bad, JSON.stringify({ catalog: { uuid: 'not-a-uuid', metadata: { title: 'x' } } }));
    const refused = await comply('frameworks', 'import', bad, '--org', org);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('not valid OSCAL; nothing was imported');
    expect(refused.stderr).toMatch(/\/catalog\/uuid: /);
    expect(refused.stderr).not.toMatch(/\n\s+at /); // no stack trace

    const ssp = await comply('frameworks', 'import', join(FIXTURES, 'ssp-example.json'), '--org', org);
    expect(ssp.code).toBe(1);
    expect(ssp.stderr).toContain('catalog, profile, mapping-collection');
    const elsewhere = await comply('frameworks', 'import', file, '--org', 'org_00000000000000000000000000');
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain('No organization with id');
    expect((await frameworks()).length).toBe(before);
  });

  it('adopts library entries and names the option of a bad request', async () => {
    const iso = await comply('frameworks', 'adopt', 'iso-27001-2022', '--org', org, '--json');
    expect(iso.code, iso.stderr).toBe(0);
    expect(JSON.parse(iso.stdout)).toMatchObject({ control_count: 93 });
    const low = await comply('frameworks', 'adopt', 'nist-sp-800-53-r5', '--org', org, '--baseline', 'LOW');
    expect(low.code, low.stderr).toBe(0);
    const lowCount = Number(/with (\d+) controls/.exec(low.stdout)?.[1]);
    expect(lowCount).toBeGreaterThan(100);
    expect(lowCount).toBeLessThan(424);
    const bad = await comply('frameworks', 'adopt', 'iso-27001-2022', '--org', org, '--baseline', 'HIGH');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('has no baselines');
    expect(bad.stderr).toContain('--baseline');
    const rows = await frameworks();
    expect(rows.filter((f) => f.library_key !== null).map((f) => [f.library_key, f.baseline])).toEqual([
      ['iso-27001-2022', null],
      ['nist-sp-800-53-r5', 'LOW'],
    ]);
    await withDb(async (storage) => {
      const audit = await storage.db
        .selectFrom('audit_log')
        .select(['source', 'action'])
        .where(
          'record_id',
          'in',
          rows.map((f) => f.id),
        )
        .where('action', '=', 'addFramework')
        .execute();
      expect(audit).toEqual([
        { source: 'cli', action: 'addFramework' },
        { source: 'cli', action: 'addFramework' },
      ]);
    });
  });

  it('exports schema-valid OSCAL to standard output or a file, and refuses what cannot be exported', async () => {
    const iso = (await frameworks()).find((f) => f.library_key === 'iso-27001-2022')!;
    const catalog = await comply(
      'export',
      'oscal',
      '--model',
      'catalog',
      '--org',
      org,
      '--framework',
      iso.id,
    );
    expect(catalog.code, catalog.stderr).toBe(0);
    const document = JSON.parse(catalog.stdout);
    expect(validateOscal(document)).toEqual({ ok: true, model: 'catalog' });
    expect(document.catalog.groups.flatMap((g: { controls: unknown[] }) => g.controls)).toHaveLength(93);

    const out = join(root, 'ssp.json');
    const ssp = await comply(
      'export',
      'oscal',
      '--model',
      'system-security-plan',
      '--org',
      org,
      '--framework',
      iso.id,
      '--out',
      out,
    );
    expect(ssp.code, ssp.stderr).toBe(0);
    expect(ssp.stdout).toBe('');
    expect(validateOscal(JSON.parse(await readFile(out, 'utf8')))).toEqual({
      ok: true,
      model: 'system-security-plan',
    });
    const results = await comply('export', 'oscal', '--model', 'assessment-results', '--org', org);
    expect(validateOscal(JSON.parse(results.stdout))).toEqual({ ok: true, model: 'assessment-results' });

    const poam = await comply('export', 'oscal', '--model', 'plan-of-action-and-milestones', '--org', org);
    expect(poam.code).toBe(1);
    expect(poam.stderr).toContain('poam-item');
    const foreign = await comply(
      'export',
      'oscal',
      '--model',
      'assessment-results',
      '--org',
      org,
      '--framework',
      'fw_00000000000000000000000000',
    );
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain('No framework with id');
    expect(foreign.stderr).toContain('--framework');
    const unknown = await comply('export', 'oscal', '--model', 'ssp', '--org', org);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('system-security-plan');
  });
});
