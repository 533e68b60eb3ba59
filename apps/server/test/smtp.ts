import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as it arrived at the test's SMTP server. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body). */
  raw: string;
  /** The body with quoted-printable soft breaks and escapes undone (what a reader sees). */
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * A real SMTP server (the smtp-server package) on a loopback port (random unless `port` is given),
 * keeping what it receives.
 */
export async function startSmtpServer({ port: wanted = 0 }: { port?: number } = {}): Promise<{
  url: string;
  received: ReceivedMail[];
  /** Resolves with the first message to `to` (waiting up to `timeoutMs`). */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(wanted, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(to, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((mail) => mail.to.includes(to));
        if (found) return found;
        if (Date.now() > until) throw new Error(`no mail to ${to} arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
