import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../src/http/public-address.js';
import { metadataUrlProblem } from '../src/oauth/metadata-guard.js';

// One rule for every address the server connects to on a user's behalf (webhook endpoints and
// OAuth client metadata documents). Node's BlockList matches plain IPv4 addresses against an
// IPv6 ::ffff:0:0/96 rule, so a list holding that rule called every IPv4 address private.
describe('public and private addresses', () => {
  it('lets public IPv4 and IPv6 unicast addresses through', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('refuses loopback, private, link-local, multicast, unspecified and mapped forms', () => {
    const refused = [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'not-an-ip',
    ];
    for (const address of refused) expect(isPrivateAddress(address), address).toBe(true);
  });

  it('fetches an OAuth client metadata document hosted on a public IPv4 address', async () => {
    const resolve = async () => ['93.184.216.34'];
    expect(
      await metadataUrlProblem({ url: 'https://client.example/metadata.json', allowPrivate: false, resolve }),
    ).toBeNull();
    expect(
      await metadataUrlProblem({ url: 'https://93.184.216.34/metadata.json', allowPrivate: false }),
    ).toBeNull();
    const internal = async () => ['10.0.0.7'];
    expect(
      await metadataUrlProblem({
        url: 'https://client.example/metadata.json',
        allowPrivate: false,
        resolve: internal,
      }),
    ).toMatch(/private/);
  });
});
