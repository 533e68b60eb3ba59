import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Where webhooks may go (COMPLY_WEBHOOK_ALLOW_PRIVATE, COMPLY_WEBHOOK_ALLOW_HTTP_LOOPBACK). */
export interface TargetPolicy {
  /** https endpoints may resolve to private, loopback and link-local addresses (closed networks). */
  allowPrivate: boolean;
  /** http:// is accepted when the host is loopback (development), and loopback addresses with it. */
  allowHttpLoopback: boolean;
  /** Resolves a host name to its addresses (the system resolver unless a test gives another). */
  resolve?: ((host: string) => Promise<string[]>) | undefined;
}

/** A refused endpoint address: the message says why, naming the rule. */
export class TargetRefused extends Error {}

// IPv4: this network, private, carrier-grade NAT, loopback, link-local, IETF protocol assignments,
// benchmarking, multicast and reserved (224/3 covers 240/4 and the broadcast address).
const V4 = new BlockList();
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
] as const)
  V4.addSubnet(address, prefix, 'ipv4');
// IPv6: unspecified, loopback and IPv4-compatible (::/96), NAT64, unique local, link-local,
// site-local and multicast. IPv4-mapped addresses (::ffff:a.b.c.d) are judged by their IPv4 address
// below: Node's BlockList also matches plain IPv4 addresses against a ::ffff:0:0/96 rule.
const V6 = new BlockList();
for (const [address, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  V6.addSubnet(address, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`), or null. */
function mappedIpv4(address: string): string | null {
  const normalized = URL.parse(`http://[${address}]/`)?.hostname.replace(/^\[|\]$/g, '') ?? '';
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(normalized);
  if (!match) return null;
  const high = Number.parseInt(match[1]!, 16);
  const low = Number.parseInt(match[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an address is not a public unicast one (IPv4, IPv6, IPv4-mapped IPv6). */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return V4.check(address, 'ipv4');
  if (version !== 6) return true;
  const mapped = mappedIpv4(address);
  if (mapped) return V4.check(mapped, 'ipv4');
  return V6.check(address, 'ipv6');
}

const LOOPBACK_NAMES = new Set(['localhost']);

function isLoopback(address: string): boolean {
  if (isIP(address) === 4) return address.startsWith('127.');
  return address === '::1' || Boolean(mappedIpv4(address)?.startsWith('127.'));
}

const systemResolve = async (host: string) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** The URL parsed, or TargetRefused naming what is allowed. Checks the form only (no DNS). */
export function parseTarget(url: string, policy: TargetPolicy): URL {
  const parsed = URL.parse(url);
  if (!parsed) throw new TargetRefused('url must be an absolute https:// URL');
  if (parsed.username || parsed.password)
    throw new TargetRefused('url must not carry a user name or password');
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (parsed.protocol === 'https:') return parsed;
  if (parsed.protocol === 'http:' && policy.allowHttpLoopback) {
    if (LOOPBACK_NAMES.has(host.toLowerCase()) || isLoopback(host)) return parsed;
    throw new TargetRefused('url must be https (http is allowed only to a loopback host in development)');
  }
  throw new TargetRefused('url must be https');
}

/**
 * The addresses `url`'s host resolves to, every one of them allowed by the policy, or
 * TargetRefused. Run when an endpoint is registered and again by every delivery's own connection
 * (its `lookup`), so a name that later resolves elsewhere (DNS rebinding) is refused then.
 */
export async function checkedAddresses(url: URL, policy: TargetPolicy): Promise<string[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (policy.resolve ?? systemResolve)(host);
  } catch {
    throw new TargetRefused(`url host ${host} does not resolve`);
  }
  if (addresses.length === 0) throw new TargetRefused(`url host ${host} does not resolve`);
  for (const address of addresses) {
    if (!isPrivateAddress(address)) continue;
    if (policy.allowPrivate) continue;
    if (url.protocol === 'http:' && policy.allowHttpLoopback && isLoopback(address)) continue;
    throw new TargetRefused(
      `url host ${host} resolves to ${address}, a private, loopback, link-local, multicast or unspecified address`,
    );
  }
  return addresses;
}
