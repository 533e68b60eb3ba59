import { type RegisterName, registerNames, registers } from '@comply/schemas/registers';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { appendAudit } from '../audit/append.js';
import { type Actor, inTransaction, type StorageContext } from '../context.js';
import { toIsoOrNull, toIsoTimestamp } from '../dates.js';
import type { Database, Db } from '../db/types.js';
import type { Role } from '../enums.js';
import { notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Page } from '../paging/list.js';
import type { OrderBy, OrderSpec } from '../paging/order.js';
import { listPage } from '../paging/query.js';
import { definedOnly, likePattern } from '../registers/kit.js';
import { liveMembership } from './access-expiry.js';

/** An organization as the caller sees it, with the caller's role. */
export interface Organization {
  id: string;
  name: string;
  description: string | null;
  /** Months evidence stays current when it names no valid_until (docs/data-model.md). */
  evidence_validity_months: number;
  role: Role;
  /** When the caller's access ends (an AUDITOR's); null when it does not. */
  access_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Record counts per register (getOrganization), one per register of the catalog. */
export type OrganizationCounts = { [R in RegisterName]: number };

const ORG_ORDER: OrderSpec<'name' | 'created_at'> = {
  keys: {
    name: { expr: sql`lower(organizations.name)`, nullable: false },
    created_at: { expr: sql.ref('organizations.created_at'), nullable: false },
  },
  defaultOrder: { field: 'name', direction: 'asc' },
  idColumn: 'organizations.id',
};

/** The user's organizations through live memberships: an auditor's ended access is no membership. */
function selectForUser({ db, userId, now }: { db: Db; userId: string; now: Date }) {
  return db
    .selectFrom('organizations')
    .innerJoin('memberships', (join) =>
      join
        .onRef('memberships.organization_id', '=', 'organizations.id')
        .on('memberships.user_id', '=', userId)
        .on(liveMembership('memberships', now)),
    )
    .select([
      'organizations.id',
      'organizations.name',
      'organizations.description',
      'organizations.evidence_validity_months',
      'memberships.role',
      'memberships.expires_at as access_expires_at',
      'organizations.created_at',
      'organizations.updated_at',
    ]);
}

type OrgRow = {
  id: string;
  name: string;
  description: string | null;
  evidence_validity_months: number;
  role: string;
  access_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

function toOrganization(row: OrgRow): Organization {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    evidence_validity_months: row.evidence_validity_months,
    role: row.role as Role,
    access_expires_at: toIsoOrNull(row.access_expires_at),
    created_at: toIsoTimestamp(row.created_at),
    updated_at: toIsoTimestamp(row.updated_at),
  };
}

async function loadForUser(args: {
  db: Db;
  organizationId: string;
  userId: string;
  now: Date;
}): Promise<Organization | null> {
  const row = await selectForUser(args)
    .where('organizations.id', '=', args.organizationId)
    .executeTakeFirst();
  return row ? toOrganization(row) : null;
}

/** Organizations; reads are always through a user's membership. */
export function organizationsRepository(ctx: StorageContext) {
  return {
    /** Creates an organization and makes `ownerUserId` its OWNER. */
    create: (args: {
      name: string;
      description?: string | null;
      ownerUserId: string;
      actor: Actor;
    }): Promise<Organization> =>
      inTransaction(ctx.db, async (trx) => {
        const at = ctx.clock();
        const now = at.toISOString();
        const id = newId('organization', at.getTime());
        await trx
          .insertInto('organizations')
          .values({
            id,
            name: args.name,
            description: args.description ?? null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto('memberships')
          .values({
            id: newId('membership'),
            organization_id: id,
            user_id: args.ownerUserId,
            role: 'OWNER',
            created_at: now,
            updated_at: now,
          })
          .execute();
        const after = await loadForUser({ db: trx, organizationId: id, userId: args.ownerUserId, now: at });
        await appendAudit({
          trx,
          organizationId: id,
          actor: args.actor,
          recordType: 'organization',
          recordId: id,
          before: null,
          after,
          at,
        });
        return after!;
      }).then((organization) => {
        ctx.changes.authChanged();
        return organization;
      }),

    /** Any organization by id, for an operator of the instance (the CLI), or null. */
    getById: async (args: { organizationId: string }) => {
      const row = await ctx.db
        .selectFrom('organizations')
        .select(['id', 'name', 'updated_at'])
        .where('id', '=', args.organizationId)
        .executeTakeFirst();
      return row ? { id: row.id, name: row.name, updated_at: toIsoTimestamp(row.updated_at) } : null;
    },

    /** The organization with the user's role, or null when missing or the user is not a member. */
    getForUser: (args: { organizationId: string; userId: string }): Promise<Organization | null> =>
      loadForUser({ db: ctx.db, ...args, now: ctx.clock() }),

    /** The user's organizations (optionally narrowed to `organizationIds`, e.g. a token's restriction). */
    listForUser: async (args: {
      userId: string;
      organizationIds?: string[] | null;
      filters?: { query?: string };
      orderBy?: OrderBy<'name' | 'created_at'> | null;
      pageSize?: number;
      cursor?: string | null;
    }): Promise<Page<Organization>> => {
      const filters = { ...args.filters, restricted_to: args.organizationIds ?? undefined };
      const where = (
        eb: ExpressionBuilder<Database, 'organizations' | 'memberships'>,
      ): Expression<SqlBool> => {
        const terms: Expression<SqlBool>[] = [];
        if (filters.query) terms.push(eb('organizations.name', 'ilike', likePattern(filters.query)));
        if (args.organizationIds) {
          terms.push(
            args.organizationIds.length
              ? eb('organizations.id', 'in', args.organizationIds)
              : sql<SqlBool>`false`,
          );
        }
        return eb.and(terms);
      };
      const page = await listPage({
        ctx,
        register: 'organizations',
        spec: ORG_ORDER,
        params: {
          organizationId: args.userId,
          filters,
          orderBy: args.orderBy,
          pageSize: args.pageSize,
          cursor: args.cursor,
        },
        select: (db = ctx.db) => selectForUser({ db, userId: args.userId, now: ctx.clock() }),
        where,
      });
      return { ...page, items: page.items.map(toOrganization) };
    },

    update: (args: {
      organizationId: string;
      userId: string;
      actor: Actor;
      patch: { name?: string; description?: string | null; evidence_validity_months?: number };
    }): Promise<Organization> =>
      inTransaction(ctx.db, async (trx) => {
        const at = ctx.clock();
        const before = await loadForUser({
          db: trx,
          organizationId: args.organizationId,
          userId: args.userId,
          now: at,
        });
        if (!before) throw notFound('organization', args.organizationId);
        await trx
          .updateTable('organizations')
          .set({ ...definedOnly(args.patch), updated_at: at.toISOString() })
          .where('id', '=', args.organizationId)
          .execute();
        const after = await loadForUser({
          db: trx,
          organizationId: args.organizationId,
          userId: args.userId,
          now: at,
        });
        await appendAudit({
          trx,
          organizationId: args.organizationId,
          actor: args.actor,
          recordType: 'organization',
          recordId: args.organizationId,
          before,
          after,
          at,
        });
        return after!;
      }),

    /** How many records each register holds (getOrganization's `counts`). */
    counts: async (args: { organizationId: string }): Promise<OrganizationCounts> => {
      const org = args.organizationId;
      // One scalar subquery per register, in catalog order, in one statement; archived records
      // are not counted.
      const columns = registerNames.map(
        (name) =>
          sql`(select count(*) from ${sql.table(registers[name].table)} where organization_id = ${org}${
            (registers[name] as { archive: boolean }).archive ? sql` and archived_at is null` : sql``
          }) as ${sql.ref(name)}`,
      );
      const row = await sql<Record<RegisterName, unknown>>`select ${sql.join(columns)}`.execute(ctx.db);
      const counts = row.rows[0]!;
      return Object.fromEntries(
        registerNames.map((name) => [name, Number(counts[name])]),
      ) as unknown as OrganizationCounts;
    },
  };
}

/** The organizations repository's type. */
export type OrganizationsRepository = ReturnType<typeof organizationsRepository>;
