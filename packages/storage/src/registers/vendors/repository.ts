import type { Actor, StorageContext } from '../../context.js';
import { toDateString } from '../../dates.js';
import type { Db } from '../../db/types.js';
import type { ListParams, Page } from '../../paging/list.js';
import { listPage } from '../../paging/query.js';
import { createRecord, definedOnly, updateRecord } from '../kit.js';
import { VENDOR_ORDER, vendorWhere } from './filters.js';
import { selectVendors, toVendor } from './mapping.js';
import type { Vendor, VendorCreate, VendorFilters, VendorOrderField, VendorPatch } from './types.js';

/** The vendors register. Names are unique per organization (case-insensitive) → CONFLICT. */
export function vendorsRepository(ctx: StorageContext) {
  const today = () => toDateString(ctx.clock());
  const load = async (args: { db: Db; organizationId: string; id: string }): Promise<Vendor | null> => {
    const row = await selectVendors({ db: args.db, today: today() })
      .where('vendors.organization_id', '=', args.organizationId)
      .where('vendors.id', '=', args.id)
      .executeTakeFirst();
    return row ? toVendor(row) : null;
  };

  return {
    get: (args: { organizationId: string; id: string }): Promise<Vendor | null> =>
      load({ db: ctx.db, ...args }),

    create: (args: {
      organizationId: string;
      actor: Actor;
      data: VendorCreate;
      idempotencyKey?: string;
    }): Promise<Vendor> => {
      const { organizationId, data } = args;
      return createRecord({
        ctx,
        organizationId,
        actor: args.actor,
        register: 'vendors',
        recordType: 'vendor',
        idKind: 'vendor',
        idempotencyKey: args.idempotencyKey,
        load,
        insert: async ({ trx, id, now }) => {
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
      });
    },

    update: (args: {
      organizationId: string;
      actor: Actor;
      id: string;
      patch: VendorPatch;
      expectedUpdatedAt?: string;
    }): Promise<Vendor> =>
      updateRecord({
        ctx,
        organizationId: args.organizationId,
        actor: args.actor,
        table: 'vendors',
        recordType: 'vendor',
        id: args.id,
        expectedUpdatedAt: args.expectedUpdatedAt,
        load,
        apply: async ({ trx, now }) => {
          await trx
            .updateTable('vendors')
            .set({ ...definedOnly(args.patch), updated_at: now })
            .where('organization_id', '=', args.organizationId)
            .where('id', '=', args.id)
            .execute();
        },
      }),

    list: async (params: ListParams<VendorFilters, VendorOrderField>): Promise<Page<Vendor>> => {
      const day = today();
      const where = vendorWhere({
        organizationId: params.organizationId,
        filters: params.filters ?? {},
        today: day,
      });
      const page = await listPage({
        ctx,
        register: 'vendors',
        spec: VENDOR_ORDER,
        params,
        select: () => selectVendors({ db: ctx.db, today: day }),
        where,
      });
      return { ...page, items: page.items.map(toVendor) };
    },
  };
}

/** The vendors repository's type. */
export type VendorsRepository = ReturnType<typeof vendorsRepository>;
