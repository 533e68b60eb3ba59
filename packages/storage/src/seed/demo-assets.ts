import type { Actor } from '../context.js';
import type { AssetClassification, AssetType } from '../enums.js';
import type { Repositories } from '../repositories.js';

/** A demo asset; `vendor` names a DEMO_VENDORS entry, `risks` are indexes into DEMO_RISKS. */
export interface DemoAsset {
  name: string;
  type: AssetType;
  classification: AssetClassification;
  owner: string;
  location: string;
  vendor: string | null;
  reviewed: number | null;
  risks: number[];
}

type Row = [string, AssetType, AssetClassification, string, string, string | null, number | null, number[]];

// name, type, classification, owner, location, hosting vendor, last reviewed, risks assessed on it
// biome-ignore format: one row per record reads as a table
const ROWS: Row[] = [
  ['Patient records database', 'DATA', 'RESTRICTED', 'DPO', 'eu-central-1', 'Amazon Web Services', -120, [0, 4, 5, 8, 10]],
  ['Customer portal', 'APPLICATION', 'CONFIDENTIAL', 'Engineering manager', 'eu-central-1', 'Amazon Web Services', -200, [2, 17, 32]],
  ['Production Kubernetes cluster', 'SYSTEM', 'CONFIDENTIAL', 'Platform team', 'eu-central-1', 'Amazon Web Services', -400, [0, 2, 14, 39]],
  ['Source code repositories', 'DATA', 'CONFIDENTIAL', 'Engineering manager', 'github.com/northwind', 'GitHub', -90, [12, 15]],
  ['Backups', 'DATA', 'RESTRICTED', 'Platform team', 'eu-west-1', 'Amazon Web Services', null, [5, 6, 34]],
  ['Identity provider', 'SERVICE', 'RESTRICTED', 'IT Operations', 'Okta tenant', 'Okta', -30, [1, 3, 33]],
  ['Employee laptops', 'DEVICE', 'INTERNAL', 'IT Operations', 'Offices and home', null, -250, [13, 19]],
  ['Payroll data', 'DATA', 'RESTRICTED', 'HR', 'PayFlow Payroll', 'PayFlow Payroll', null, [8]],
  ['Support tickets', 'DATA', 'CONFIDENTIAL', 'Customer success', 'Zendesk', 'Zendesk', -380, [30, 31]],
  ['Platform team', 'PEOPLE', 'INTERNAL', 'CTO', 'Berlin', null, -60, [20]],
  ['Berlin office', 'FACILITY', 'INTERNAL', 'Facilities', 'Berlin', null, -700, [29]],
  ['Public website', 'APPLICATION', 'PUBLIC', 'Marketing', 'Cloudflare Pages', 'Cloudflare', -20, [17]],
];

/** The demo asset inventory. */
export const DEMO_ASSETS: DemoAsset[] = ROWS.map(
  ([name, type, classification, owner, location, vendor, reviewed, risks]) => ({
    name,
    type,
    classification,
    owner,
    location,
    vendor,
    reviewed,
    risks,
  }),
);

/** The demo asset inventory, hosted by the demo vendors; returns the ids in DEMO_ASSETS order. */
export async function seedAssets(args: {
  repos: Repositories;
  at: { organizationId: string; actor: Actor };
  day: (offset: number) => string;
  vendorIds: Map<string, string>;
}): Promise<string[]> {
  const ids: string[] = [];
  for (const { vendor, reviewed, risks: _risks, ...asset } of DEMO_ASSETS) {
    const created = await args.repos.assets.create({
      ...args.at,
      data: {
        ...asset,
        description: `${asset.name} (${asset.type.toLowerCase()}).`,
        vendor_id: vendor === null ? null : (args.vendorIds.get(vendor) ?? null),
        last_reviewed_at: reviewed === null ? null : args.day(reviewed),
      },
    });
    ids.push(created.id);
  }
  return ids;
}
