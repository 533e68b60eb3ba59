import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../http/public-address.js';

/** Why a client's metadata-document URL may not be fetched, or null when it may. */
export async function metadataUrlProblem({
  url,
  allowPrivate,
  resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address),
}: {
  url: string;
  allowPrivate: boolean;
  /** Resolves a host name to its addresses (the system resolver unless a test gives another). */
  resolve?: (host: string) => Promise<string[]>;
}): Promise<string | null> {
  const parsed = URL.parse(url);
  if (parsed?.protocol !== 'https:') return 'the client_id URL must use https';
  if (allowPrivate) return null;
  const host = (parsed as URL).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    return 'the client_id host does not resolve';
  }
  if (addresses.length === 0) return 'the client_id host does not resolve';
  if (addresses.some(isPrivateAddress)) {
    return 'the client_id host resolves to a private, loopback or link-local address';
  }
  return null;
}
