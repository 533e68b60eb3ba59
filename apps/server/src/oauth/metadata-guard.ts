import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// Loopback, private, carrier-grade NAT, link-local, unspecified, multicast and reserved ranges.
const PRIVATE = new BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv6');
}

/** Whether an IP address is loopback, private, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return true;
  return PRIVATE.check(address, version === 6 ? 'ipv6' : 'ipv4');
}

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
