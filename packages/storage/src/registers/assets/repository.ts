import type { StorageContext } from '../../context.js';
import { setColumns } from '../kit.js';
import { refuseFutureDates } from '../not-future.js';
import { checkRefs } from '../refs.js';
import { type InsertStep, registerRepository, type UpdateStep } from '../register-repository.js';
import { ASSET_ORDER, assetWhere } from './filters.js';
import { selectAssets, toAsset } from './mapping.js';
import type { Asset, AssetCreate, AssetPatch } from './types.js';

/** The assets register. Names are unique per organization (case-insensitive) → CONFLICT. */
export function assetsRepository(ctx: StorageContext) {
  return registerRepository({
    ctx,
    register: 'assets',
    recordType: 'asset',
    idKind: 'asset',
    select: selectAssets,
    toRecord: toAsset,
    where: assetWhere,
    order: ASSET_ORDER,
    insert: async ({ trx, organizationId, id, now, data }: InsertStep<AssetCreate>) => {
      refuseFutureDates({ now, dates: { last_reviewed_at: data.last_reviewed_at } });
      const vendorId = data.vendor_id ?? null;
      if (vendorId)
        await checkRefs({ trx, table: 'vendors', organizationId, ids: [vendorId], field: 'vendor_id' });
      await trx
        .insertInto('assets')
        .values({
          id,
          organization_id: organizationId,
          name: data.name,
          type: data.type,
          classification: data.classification ?? 'INTERNAL',
          owner: data.owner ?? null,
          description: data.description ?? null,
          location: data.location ?? null,
          vendor_id: vendorId,
          last_reviewed_at: data.last_reviewed_at ?? null,
          review_interval_days: data.review_interval_days ?? 365,
          created_at: now,
          updated_at: now,
        })
        .execute();
    },
    update: async ({ trx, organizationId, id, now, patch }: UpdateStep<Asset, AssetPatch>) => {
      refuseFutureDates({ now, dates: { last_reviewed_at: patch.last_reviewed_at } });
      if (patch.vendor_id) {
        await checkRefs({
          trx,
          table: 'vendors',
          organizationId,
          ids: [patch.vendor_id],
          field: 'vendor_id',
        });
      }
      await setColumns({ trx, table: 'assets', organizationId, id, columns: patch, now });
    },
  });
}

/** The assets repository's type. */
export type AssetsRepository = ReturnType<typeof assetsRepository>;
