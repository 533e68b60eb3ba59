import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPrivateAddress, mappedIpv4 } from '../http/public-address.js';

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
