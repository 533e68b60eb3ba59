import { createServer } from 'node:net';

/** A loopback port nothing listens on (yet): a test's closed port, or one a child server then takes. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no loopback port');
  return address.port;
}
