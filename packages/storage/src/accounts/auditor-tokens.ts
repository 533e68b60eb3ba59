import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/types.js';
import type { TokenScope } from '../enums.js';
import { invalidInput, StorageError } from '../errors.js';
import { EXPIRING_ROLE, liveMembership } from './access-expiry.js';

/** The user's live memberships: organization, role and end of access. */
export async function liveMemberships(args: { db: Db; userId: string; now: Date }) {
  const rows = await args.db
    .selectFrom('memberships as m')
    .select(['m.organization_id', 'm.role', 'm.expires_at'])
    .where('m.user_id', '=', args.userId)
    .where(liveMembership('m', args.now))
    .execute();
  return rows;
}

/**
 * Checks a new API token or connected app (an OAuth grant's token row) against the user's live
 * memberships and answers the expiry to store: `organizationIds` must be a non-empty subset of
 * them (else INVALID_INPUT), and one that reaches an organization where the user is an AUDITOR must
 * name that organization alone and be read-only; it then ends no later than the access
 * (docs/identity.md, "Auditor access").
 */
export async function tokenExpiryFor(args: {
  db: Db;
  userId: string;
  organizationIds: string[] | null;
  scope: TokenScope;
  expiresAt: string | null;
  now: Date;
}): Promise<string | null> {
  const memberships = await liveMemberships(args);
  const restricted = args.organizationIds;
  if (restricted) {
    const mine = new Set(memberships.map((row) => row.organization_id));
    if (restricted.length === 0 || restricted.some((id) => !mine.has(id))) {
      throw invalidInput(
        'organization_ids',
        "`organization_ids` must be a non-empty subset of the user's organizations.",
      );
    }
  }
  const covered = memberships.filter((m) => restricted === null || restricted.includes(m.organization_id));
  const audited = covered.find((m) => m.role === EXPIRING_ROLE);
  if (!audited?.expires_at) return args.expiresAt;
  const id = audited.organization_id;
  if (restricted === null || new Set(restricted).size > 1) {
    throw invalidInput(
      'organization_ids',
      `You are an auditor of organization \`${id}\`: a token that reaches it must name it alone (organization_ids: ["${id}"]).`,
    );
  }
  if (args.scope !== 'READ') {
    throw new StorageError({
      code: 'FORBIDDEN',
      field: 'scope',
      message: 'An auditor reads only, so a token for that organization is read-only: choose scope READ.',
    });
  }
  const end = audited.expires_at.getTime();
  const asked = args.expiresAt === null ? Number.POSITIVE_INFINITY : Date.parse(args.expiresAt);
  return new Date(Math.min(end, asked)).toISOString();
}

/**
 * An auditor's tokens and connected apps that reach only this organization end no later than the
 * access does (docs/identity.md, "Auditor access"); tokens reaching more are held to it by the
 * membership check of every request.
 */
export async function capAuditorTokens(args: {
  trx: Transaction<Database>;
  organizationId: string;
  userId: string;
  expiresAt: string;
}): Promise<void> {
  const { trx, organizationId, userId, expiresAt } = args;
  await sql`update api_tokens t set expires_at = least(coalesce(t.expires_at, ${expiresAt}::timestamptz), ${expiresAt}::timestamptz)
    where t.user_id = ${userId} and t.revoked_at is null and t.org_restricted
      and exists (select 1 from api_token_organizations o where o.token_id = t.id and o.organization_id = ${organizationId})
      and not exists (select 1 from api_token_organizations o where o.token_id = t.id and o.organization_id <> ${organizationId})`.execute(
    trx,
  );
}
