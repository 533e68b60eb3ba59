import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback proxy in front of a test server. */
export interface AuthProxy {
  /** `http://127.0.0.1:<port>`, to be followed by the same paths as the server's. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Forwards every request to `target` with `Authorization: Bearer <token>` added, for clients that
 * cannot send custom headers (the conformance runner). Host and Origin pass through unchanged, so
 * the server's DNS-rebinding check judges what the client sent.
 */
export async function startAuthProxy({
  target,
  token,
}: {
  target: string;
  token: string;
}): Promise<AuthProxy> {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const headers = { ...incoming.headers, authorization: `Bearer ${token}` };
    const forwarded = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (reply) => {
        outgoing.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(outgoing);
      },
    );
    forwarded.on('error', (error) => {
      outgoing.writeHead(502, { 'content-type': 'text/plain' }).end(`proxy: ${error.message}`);
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
