import type { Actor } from '../context.js';
import { withEvidenceFile } from '../registers/evidence.js';
import type { Repositories } from '../repositories.js';

/** Demo evidence files: small text documents, stored in the vault like uploads. */
export const DEMO_EVIDENCE_FILES = [
  {
    title: 'Quarterly access review — signed record',
    filename: 'access-review-q3.csv',
    media_type: 'text/csv',
    measure: 4,
    content:
      'system,account,owner,decision,reviewer\nERP,j.doe,Finance,keep,CISO\nERP,old.contractor,IT,revoke,CISO\nEHR,m.smith,Clinical,keep,CISO\n',
  },
  {
    title: 'Backup restore test report',
    filename: 'restore-test.txt',
    media_type: 'text/plain',
    measure: 0,
    content:
      'Restore test of the patient database from last night’s backup: restored in 42 minutes, checksums match.\n',
  },
] as const;

/** Seeds the demo organization's evidence files, linked to demo measures. */
export async function seedEvidenceFiles(args: {
  repos: Repositories;
  organizationId: string;
  actor: Actor;
  measureIds: string[];
}): Promise<void> {
  for (const file of DEMO_EVIDENCE_FILES) {
    const bytes = Buffer.from(file.content, 'utf8');
    const stored = await args.repos.evidenceVault.blobs(args.organizationId).put([bytes]);
    const measureId = args.measureIds[file.measure];
    await args.repos.evidence.create({
      organizationId: args.organizationId,
      actor: args.actor,
      data: withEvidenceFile(
        { kind: 'FILE', title: file.title, measure_ids: measureId ? [measureId] : [] },
        { filename: file.filename, media_type: file.media_type, size: stored.size, sha256: stored.sha256 },
      ),
    });
  }
}
