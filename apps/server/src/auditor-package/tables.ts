import type { SoaVersion } from '@comply/schemas';
import { soaTable, treatmentPlanTable } from '../export/auditor.js';
import { toCsv } from '../export/csv.js';
import { exportFileName } from '../export/send.js';
import type { ExportTable } from '../export/table.js';
import { toXlsx } from '../export/xlsx.js';
import type { PackageFile, PackageSection } from './sections.js';

/** A table as the two files the exports offer: XLSX (typed cells) and CSV. */
export async function tableFiles(folder: string, table: ExportTable): Promise<PackageFile[]> {
  const base = exportFileName({ title: table.title, format: 'csv' }).replace(/-\d{4}-\d{2}-\d{2}\.csv$/, '');
  return [
    {
      path: `${folder}/${base}.xlsx`,
      mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      content: await toXlsx(table),
    },
    {
      path: `${folder}/${base}.csv`,
      mediaType: 'text/csv; charset=utf-8',
      content: Buffer.from(toCsv(table)),
    },
  ];
}

/**
 * The Statement of Applicability: the current one, and the approved version in force at the end
 * of the period (the latest approved by then), as the SoA export builds them. Without an approval
 * by then, the manifest says so (`approved_version: null`).
 */
export const soaSection: PackageSection = {
  name: 'statement-of-applicability',
  async build({ run, organization, framework, period }) {
    const args = { run, organizationId: organization.id, frameworkId: framework.id };
    const files = await tableFiles('statement-of-applicability', await soaTable(args));
    const { versions } = (await run('getStatementOfApplicability', {
      organization_id: organization.id,
      framework_id: framework.id,
      page_size: 1,
    })) as { versions: SoaVersion[] };
    const periodEnds = Date.parse(`${period.end}T23:59:59.999Z`);
    const inForce = versions
      .filter((v) => Date.parse(v.approved_at) <= periodEnds)
      .sort((a, b) => b.version - a.version)[0];
    if (inForce) {
      const table = await soaTable({ ...args, version: inForce.version });
      files.push(...(await tableFiles('statement-of-applicability', table)));
    }
    return {
      files,
      summary: {
        current: true,
        approved_version: inForce
          ? { version: inForce.version, approved_at: inForce.approved_at, approved_by: inForce.approved_by }
          : null,
      },
    };
  },
};

/** The risk treatment plan (register snapshot at generation time), as its export builds it. */
export const riskTreatmentSection: PackageSection = {
  name: 'risk-treatment-plan',
  async build({ run, organization }) {
    const table = await treatmentPlanTable({ run, organizationId: organization.id });
    return { files: await tableFiles('registers', table), summary: { risks: table.rows.length } };
  },
};
