import type { StorageContext } from '../../context.js';
import { setColumns } from '../kit.js';
import { refuseFutureDates } from '../not-future.js';
import { type InsertStep, registerRepository, type UpdateStep } from '../register-repository.js';
import { VENDOR_ORDER, vendorWhere } from './filters.js';
import { selectVendors, toVendor } from './mapping.js';
import type { Vendor, VendorCreate, VendorPatch } from './types.js';

/** The vendors register. Names are unique per organization (case-insensitive) → CONFLICT. */
export function vendorsRepository(ctx: StorageContext) {
  return registerRepository({
    ctx,
    register: 'vendors',
    recordType: 'vendor',
    idKind: 'vendor',
    select: selectVendors,
    toRecord: toVendor,
    where: vendorWhere,
    order: VENDOR_ORDER,
    insert: async ({ trx, organizationId, id, now, data }: InsertStep<VendorCreate>) => {
      refuseFutureDates({ now, dates: { last_reviewed_at: data.last_reviewed_at } });
      await trx
        .insertInto('vendors')
        .values({
          id,
          organization_id: organizationId,
          name: data.name,
          description: data.description ?? null,
          category: data.category ?? null,
          website: data.website ?? null,
          risk_tier: data.risk_tier ?? 'MEDIUM',
          status: data.status ?? 'ACTIVE',
          processes_personal_data: data.processes_personal_data ?? false,
          contract_end: data.contract_end ?? null,
          last_reviewed_at: data.last_reviewed_at ?? null,
          review_interval_days: data.review_interval_days ?? 365,
          owner: data.owner ?? null,
          contact_email: data.contact_email ?? null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    },
    update: ({ trx, organizationId, id, now, patch }: UpdateStep<Vendor, VendorPatch>) => {
      refuseFutureDates({ now, dates: { last_reviewed_at: patch.last_reviewed_at } });
      return setColumns({ trx, table: 'vendors', organizationId, id, columns: patch, now });
    },
  });
}

/** The vendors repository's type. */
export type VendorsRepository = ReturnType<typeof vendorsRepository>;
