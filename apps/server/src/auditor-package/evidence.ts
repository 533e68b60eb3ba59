import type { EvidenceRecord } from '@comply/schemas';
import { toCsv } from '../export/csv.js';
import { collectRows } from '../export/registers.js';
import type { ExportColumn } from '../export/table.js';
import type { PackageContext, PackageFile } from './sections.js';

/** One stored file revision to stream into the package, with what was recorded at upload. */
export interface EvidenceEntry {
  path: string;
  evidenceId: string;
  revision: number;
  current: boolean;
  mediaType: string;
  size: number;
  sha256: string;
}

/** `Access review (Q1).pdf` → `Access_review__Q1_.pdf`: no path, no character a file system minds. */
function safeName(filename: string): string {
  const name = filename.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  return name.slice(-100) || 'file';
}

/** Evidence current at some time in the period: collected by its end, valid through its start. */
export function inPeriod(record: EvidenceRecord, period: { start: string; end: string }): boolean {
  return record.collected_at.slice(0, 10) <= period.end && record.valid_until >= period.start;
}

const INDEX_COLUMNS: ExportColumn[] = [
  { key: 'evidence_id', header: 'Evidence id', type: 'text' },
  { key: 'title', header: 'Title', type: 'text', width: 40 },
  { key: 'kind', header: 'Kind', type: 'text' },
  { key: 'collected_at', header: 'Collected at', type: 'datetime' },
  { key: 'valid_until', header: 'Valid until', type: 'date' },
  { key: 'measures', header: 'Measures', type: 'text', width: 50 },
  { key: 'url', header: 'URL', type: 'text' },
  { key: 'text', header: 'Statement', type: 'text', width: 60 },
  { key: 'revision', header: 'Revision', type: 'number' },
  { key: 'current', header: 'Current revision', type: 'boolean' },
  { key: 'filename', header: 'File name', type: 'text' },
  { key: 'media_type', header: 'Media type', type: 'text' },
  { key: 'size', header: 'Size (bytes)', type: 'number' },
  { key: 'sha256', header: 'SHA-256 at upload', type: 'text' },
  { key: 'uploaded_at', header: 'Uploaded at', type: 'datetime' },
  { key: 'path', header: 'Path in package', type: 'text' },
];

/**
 * The evidence of the package: every record linked to a measure of the framework's controls that
 * was current at some time in the period (collected on or before its last day, valid on or after
 * its first), and every record another section names; for FILE evidence every revision (the
 * latest marked current: an earlier one may be what was in force during the period). Read with
 * the caller's tools (listMeasures, listEvidence, getEvidence); archived records are left out.
 */
export async function selectEvidence(args: {
  ctx: PackageContext;
  named: readonly string[];
}): Promise<{ index: PackageFile; entries: EvidenceEntry[]; records: number }> {
  const { run, organization, framework, period } = args.ctx;
  const organizationId = organization.id;
  const measures = (await collectRows({
    register: 'measures',
    input: { organization_id: organizationId, framework_id: framework.id },
    listPage: (page) => run('listMeasures', page),
  })) as { id: string; name: string }[];
  const measureNames = new Map(measures.map((m) => [m.id, m.name]));
  const all = (await collectRows({
    register: 'evidence',
    input: { organization_id: organizationId, order_by: { field: 'collected_at', direction: 'asc' } },
    listPage: (page) => run('listEvidence', page),
  })) as unknown as EvidenceRecord[];
  const chosen = all.filter((e) => e.measure_ids.some((id) => measureNames.has(id)) && inPeriod(e, period));
  const have = new Set(chosen.map((e) => e.id));
  for (const id of new Set(args.named)) {
    if (have.has(id)) continue;
    chosen.push((await run('getEvidence', { organization_id: organizationId, id })) as EvidenceRecord);
    have.add(id);
  }
  const entries: EvidenceEntry[] = [];
  const rows: Record<string, unknown>[] = [];
  for (const record of chosen) {
    const common = {
      evidence_id: record.id,
      title: record.title,
      kind: record.kind,
      collected_at: record.collected_at,
      valid_until: record.valid_until,
      measures: record.measure_ids.map((id) => measureNames.get(id) ?? id),
      url: record.url,
      text: record.text,
    };
    if (record.revisions.length === 0) rows.push(common);
    const latest = record.revisions.at(-1)?.revision;
    for (const file of record.revisions) {
      const path = `evidence/${record.id}/r${file.revision}-${safeName(file.filename)}`;
      const current = file.revision === latest;
      entries.push({
        path,
        evidenceId: record.id,
        revision: file.revision,
        current,
        mediaType: file.media_type,
        size: file.size,
        sha256: file.sha256,
      });
      rows.push({ ...common, ...file, current, path });
    }
  }
  const csv = toCsv({ title: 'Evidence', columns: INDEX_COLUMNS, rows });
  return {
    index: { path: 'evidence/index.csv', mediaType: 'text/csv; charset=utf-8', content: Buffer.from(csv) },
    entries,
    records: chosen.length,
  };
}
