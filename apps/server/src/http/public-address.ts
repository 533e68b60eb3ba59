import { BlockList, isIP } from 'node:net';

// Which addresses the server may connect to on a user's behalf (webhook endpoints, OAuth client
// metadata documents): public unicast only, unless a setting allows private networks.

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
export function mappedIpv4(address: string): string | null {
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
