/** Why a request carried no usable credential; `unknown`, `expired` and `revoked` come from storage. */
export type CredentialProblem = 'missing' | 'malformed' | 'unknown' | 'expired' | 'revoked';

export type BearerParse = { ok: true; token: string } | { ok: false; problem: 'missing' | 'malformed' };

// RFC 6750 b64token. Anything else — a second space, a tab, a newline, a quote — is malformed.
// The scheme name alone is case-insensitive (RFC 7235 §2.1), hence the `i` flag: the token class
// already admits both cases, so the flag widens nothing else.
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * Parses `Authorization: Bearer <token>` strictly: the scheme word in any case, exactly one space,
 * the token. Extra spaces or newlines make the header malformed instead of being trimmed away.
 */
export function parseBearer(header: string | string[] | undefined): BearerParse {
  if (header === undefined || header === '') return { ok: false, problem: 'missing' };
  if (Array.isArray(header)) return { ok: false, problem: 'malformed' };
  const match = BEARER.exec(header);
  return match ? { ok: true, token: match[1]! } : { ok: false, problem: 'malformed' };
}

const DESCRIPTIONS: Record<CredentialProblem, string> = {
  missing: 'No Authorization header. Send "Authorization: Bearer <API token>".',
  malformed:
    'The Authorization header is not of the form "Bearer <token>": the word Bearer (any case), one space, and the token, with no other spaces or line breaks.',
  unknown: 'The token is not valid. Generate a new token in Settings → API Tokens.',
  expired: 'The token has expired. Generate a new token in Settings → API Tokens.',
  revoked: 'The token has been revoked. Generate a new token in Settings → API Tokens.',
};

/** The human explanation sent with a 401 for each problem. */
export function describeCredentialProblem(problem: CredentialProblem): string {
  return DESCRIPTIONS[problem];
}
