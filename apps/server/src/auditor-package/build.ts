import type { Readable } from 'node:stream';
import type { Storage } from '@comply/storage';
import type { Caller } from '../core/caller.js';
import { ToolError } from '../core/errors.js';
import type { RunTool } from '../export/auditor.js';
import { oscalSection, readinessSection } from './documents.js';
import { selectEvidence } from './evidence.js';
import type { PackageRequest } from './params.js';
import type { PackageContext, PackageFile, PackageSection } from './sections.js';
import { riskTreatmentSection, soaSection } from './tables.js';
import { testRunsSection } from './test-runs.js';
import { zipPackage } from './zip.js';

/** The package's parts besides the evidence files, in the order they are written. */
export const DOCUMENT_SECTIONS: readonly PackageSection[] = [
  oscalSection,
  soaSection,
  readinessSection,
  riskTreatmentSection,
  testRunsSection,
];

type Framework = { id: string; name: string; version: string | null };

/** The framework through getFramework (the caller's access); one it cannot read is NOT_FOUND on `framework_id`. */
async function frameworkOf(args: { run: RunTool; organizationId: string; frameworkId: string }) {
  try {
    return (await args.run('getFramework', {
      organization_id: args.organizationId,
      id: args.frameworkId,
    })) as Framework;
  } catch (error) {
    if (error instanceof ToolError && error.code === 'NOT_FOUND') {
      throw new ToolError({
        code: 'NOT_FOUND',
        field: 'framework_id',
        message: `No framework with id \`${args.frameworkId}\` in this organization.`,
      });
    }
    throw error;
  }
}

/** `ISO/IEC 27001:2022` → `iso-iec-27001-2022`. */
function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'framework'
  );
}

/**
 * The auditor package of a framework over a period (docs/server.md, "Auditor package"): every
 * section is built first, as the caller (so a refusal is an ordinary error reply), then the ZIP
 * is streamed: the sections' files, the evidence files, and `manifest.json` with each file's path,
 * size and SHA-256.
 */
export async function auditorPackage(args: {
  storage: Storage;
  caller: Caller;
  run: RunTool;
  organizationId: string;
  request: PackageRequest;
  log: (error: unknown) => void;
}): Promise<{ filename: string; stream: Readable }> {
  const { storage, caller, run, organizationId, request } = args;
  const organization = await storage.organizations.getForUser({ organizationId, userId: caller.userId });
  if (!organization) {
    throw new ToolError({
      code: 'NOT_FOUND',
      field: 'organization_id',
      message: `Organization \`${organizationId}\` was not found among the organizations this token can access.`,
    });
  }
  const framework = await frameworkOf({ run, organizationId, frameworkId: request.frameworkId });
  const ctx: PackageContext = {
    run,
    storage,
    organization,
    framework: { id: framework.id, name: framework.name, version: framework.version },
    period: request.period,
  };
  const files: (PackageFile & { section: string })[] = [];
  const sections: Record<string, unknown>[] = [];
  const named: string[] = [];
  for (const section of DOCUMENT_SECTIONS) {
    const result = await section.build(ctx);
    files.push(...result.files.map((file) => ({ ...file, section: section.name })));
    named.push(...(result.evidenceIds ?? []));
    sections.push({ name: section.name, ...result.summary });
  }
  const evidence = await selectEvidence({ ctx, named });
  files.push({ ...evidence.index, section: 'evidence' });
  const stored = await storage.evidenceVault.stored({
    organizationId,
    sha256s: evidence.entries.map((e) => e.sha256),
  });
  const missing = new Set(evidence.entries.map((e) => e.sha256).filter((sha) => !stored.has(sha)));
  sections.push({ name: 'evidence', records: evidence.records, files: evidence.entries.length });

  const user = await storage.users.get({ id: caller.userId });
  const generatedAt = storage.clock();
  const stream = zipPackage({
    files,
    evidence: evidence.entries,
    missing,
    openBlob: (sha256) => storage.evidenceVault.blobs(organizationId).get(sha256),
    mtime: generatedAt,
    onError: args.log,
    manifest: (listed, problems) => ({
      package: 'comply-auditor-package',
      format_version: 1,
      organization: { id: organization.id, name: organization.name },
      framework: ctx.framework,
      period: request.period,
      generated_at: generatedAt.toISOString(),
      generated_by: {
        user_id: caller.userId,
        email: user?.email ?? null,
        token_id: caller.tokenId || null,
        source: caller.source,
      },
      sections,
      files: listed,
      integrity: { evidence_files: evidence.entries.length, problems },
    }),
  });
  const { start, end } = request.period;
  return { filename: `auditor-package-${slug(framework.name)}-${start}-to-${end}.zip`, stream };
}
