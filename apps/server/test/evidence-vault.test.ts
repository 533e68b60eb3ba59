import { request as httpRequest } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentOf, sha256 } from './bytes.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';

const MiB = 1024 * 1024;

const BOUNDARY = '----comply-evidence-test';

/** A multipart body's head (fields, then the file part's header) and tail. */
function multipartFrame(fields: Record<string, string>, file: { name: string; type: string }) {
  let head = '';
  for (const [name, value] of Object.entries(fields)) {
    head += `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  head += `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`;
  return { head: Buffer.from(head) };
}

interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields
  body: any;
}

/** A real multipart/form-data upload over HTTP; `chunked`: streamed without Content-Length. */
async function upload(args: {
  url: string;
  path?: string;
  token: string;
  fields: Record<string, string | string[]>;
  file: { name: string; type: string; content: Buffer };
  chunked?: boolean;
}): Promise<Reply> {
  const form = new FormData();
  for (const [name, value] of Object.entries(args.fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  form.set('file', new Blob([new Uint8Array(args.file.content)], { type: args.file.type }), args.file.name);
  const target = new URL(args.path ?? '/api/evidence/upload', args.url);
  const authorization = `Bearer ${args.token}`;
  let response: Response;
  if (args.chunked) {
    const framed = new Request(target, { method: 'POST', body: form });
    response = await fetch(target, {
      method: 'POST',
      body: framed.body,
      duplex: 'half',
      headers: { authorization, 'content-type': framed.headers.get('content-type')! },
    } as RequestInit);
  } else {
    response = await fetch(target, { method: 'POST', body: form, headers: { authorization } });
  }
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Sends the fields and `sent` bytes of a file over a raw socket, then cuts the connection. */
function abortedUpload(args: { url: string; token: string; fields: Record<string, string>; sent: number }) {
  const { head } = multipartFrame(args.fields, { name: 'cut.bin', type: 'application/octet-stream' });
  const content = contentOf(args.sent, 'cut');
  return new Promise<void>((resolve) => {
    const req = httpRequest(new URL('/api/evidence/upload', args.url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${args.token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(head.length + args.sent * 2),
      },
    });
    req.on('error', () => resolve());
    req.write(head);
    req.write(content, () => {
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
  });
}

/**
 * Declares a body over the limit, sends its first MiB and waits for the answer: the status, the
 * Connection header, and whether the server then closed the connection (within a second) though
 * the rest was never sent.
 */
function refusedEarly(args: { url: string; token: string; declared: number }) {
  return new Promise<{ status: number; connection: string | undefined; closed: boolean }>(
    (resolve, reject) => {
      const req = httpRequest(new URL('/api/evidence/upload', args.url), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${args.token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(args.declared),
        },
      });
      req.on('error', () => undefined);
      req.on('response', (response) => {
        response.resume();
        const answer = { status: response.statusCode ?? 0, connection: response.headers.connection };
        const waited = setTimeout(() => {
          req.destroy();
          resolve({ ...answer, closed: false });
        }, 1_000);
        req.socket?.once('close', () => {
          clearTimeout(waited);
          resolve({ ...answer, closed: true });
        });
      });
      req.on('timeout', () => reject(new Error('no answer')));
      req.write(contentOf(MiB, 'early'));
    },
  );
}

async function download(
  url: string,
  token: string,
): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    headers: response.headers,
  };
}

async function counts(server: TestServer, organizationId: string) {
  const db = server.storage.db;
  const one = async (query: ReturnType<typeof sql<{ n: string | number }>>) =>
    Number((await query.execute(db)).rows[0]?.n ?? 0);
  return {
    evidence: await one(sql`select count(*) as n from evidence where organization_id = ${organizationId}`),
    blobs: await one(sql`select count(*) as n from blobs where organization_id = ${organizationId}`),
    chunks: await one(sql`select count(*) as n from blob_chunks`),
  };
}

describe.each(DRIVERS)('evidence vault (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ driver });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('stores a 40 MB multipart upload streamed, and downloads it byte for byte', {
    timeout: 300_000,
  }, async () => {
    const content = contentOf(40 * MiB, 'forty');
    const { owner } = server;
    const measure = await server.call('addMeasure', {
      organization_id: owner.organizationId,
      name: 'Backups',
    });
    const reply = await upload({
      url: server.url,
      token: owner.token,
      fields: {
        organization_id: owner.organizationId,
        kind: 'FILE',
        title: 'Backup restore test',
        measure_ids: measure.body.id,
      },
      file: { name: 'restore-test.bin', type: 'application/octet-stream', content },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      kind: 'FILE',
      measure_ids: [measure.body.id],
      file: { revision: 1, filename: 'restore-test.bin', size: 40 * MiB, sha256: sha256(content) },
    });
    expect(reply.body.revisions).toHaveLength(1);
    const chunks = await sql<{
      n: number;
    }>`select chunks as n from blobs where sha256 = ${sha256(content)}`.execute(server.storage.db);
    expect(Number(chunks.rows[0]?.n)).toBe(40);

    const got = await download(`${server.url}/api/evidence/${reply.body.id}/file`, owner.token);
    expect(got.status).toBe(200);
    expect(got.bytes.length).toBe(content.length);
    expect(got.bytes.equals(content)).toBe(true);
    expect(got.headers.get('content-disposition')).toContain('attachment;');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');

    // The measure shows it as its evidence, derived from the evidence register.
    const after = await server.call('getMeasure', { id: measure.body.id });
    expect(after.body.evidence).toEqual([
      expect.objectContaining({ id: reply.body.id, title: 'Backup restore test', expired: false }),
    ]);
  });

  it('stores identical content once, and keeps every revision', async () => {
    const { owner } = server;
    const content = contentOf(300_000, 'same');
    const add = (title: string) =>
      server.call('addEvidence', {
        organization_id: owner.organizationId,
        kind: 'FILE',
        title,
        filename: 'policy.txt',
        media_type: 'text/plain',
        content_base64: content.toString('base64'),
      });
    const first = await add('Policy copy one');
    const second = await add('Policy copy two');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.file.sha256).toBe(second.body.file.sha256);
    const blobs = await sql<{ n: string }>`select count(*) as n from blobs
      where organization_id = ${owner.organizationId} and sha256 = ${sha256(content)}`.execute(
      server.storage.db,
    );
    expect(Number(blobs.rows[0]?.n)).toBe(1);

    const next = contentOf(1000, 'next');
    const revised = await server.call('updateEvidence', {
      id: first.body.id,
      content_base64: next.toString('base64'),
      filename: 'policy-v2.txt',
      media_type: 'text/plain',
    });
    expect(revised.status).toBe(200);
    expect(revised.body.file).toMatchObject({ revision: 2, filename: 'policy-v2.txt', sha256: sha256(next) });
    expect(revised.body.revisions.map((r: { revision: number }) => r.revision)).toEqual([1, 2]);
    const old = await download(`${server.url}/api/evidence/${first.body.id}/file?revision=1`, owner.token);
    expect(old.bytes.equals(content)).toBe(true);
    const latest = await download(`${server.url}/api/evidence/${first.body.id}/file`, owner.token);
    expect(latest.bytes.equals(next)).toBe(true);
  });

  it('refuses a file over the limit with 413 and stores nothing, with or without Content-Length', {
    timeout: 120_000,
  }, async () => {
    const small = await startTestServer({ driver, config: { evidenceMaxBytes: MiB } });
    try {
      const { owner } = small;
      const fields = { organization_id: owner.organizationId, kind: 'FILE', title: 'Too big' };
      const file = { name: 'big.bin', type: 'application/octet-stream', content: contentOf(3 * MiB, 'big') };
      for (const chunked of [false, true]) {
        const reply = await upload({ url: small.url, token: owner.token, fields, file, chunked });
        expect(reply.status).toBe(413);
        expect(reply.body.error.code).toBe('PAYLOAD_TOO_LARGE');
      }
      expect(await counts(small, owner.organizationId)).toEqual({ evidence: 0, blobs: 0, chunks: 0 });
      // Exactly at the limit is accepted.
      const fits = { ...file, content: contentOf(MiB, 'fits') };
      const ok = await upload({ url: small.url, token: owner.token, fields, file: fits, chunked: true });
      expect(ok.status).toBe(200);
      expect(await counts(small, owner.organizationId)).toEqual({ evidence: 1, blobs: 1, chunks: 1 });
    } finally {
      await small.stop();
    }
  });

  it('answers an upload declared over the limit at once, and closes the connection after it', async () => {
    const small = await startTestServer({ driver, config: { evidenceMaxBytes: MiB } });
    try {
      // Without the close the client goes on sending into a connection nobody reads, and a
      // graceful shutdown waits on it.
      const refused = await refusedEarly({ url: small.url, token: small.owner.token, declared: 64 * MiB });
      expect(refused).toEqual({ status: 413, connection: 'close', closed: true });
    } finally {
      await small.stop();
    }
  });

  it('leaves no row and no blob when an upload is interrupted', { timeout: 120_000 }, async () => {
    const other = await startTestServer({ driver });
    try {
      const { owner } = other;
      await abortedUpload({
        url: other.url,
        token: owner.token,
        fields: { organization_id: owner.organizationId, kind: 'FILE', title: 'Cut off' },
        sent: 3 * MiB,
      });
      // A later upload on the same server goes through; before and after it, nothing of the cut one.
      await new Promise((r) => setTimeout(r, 500));
      const ok = await upload({
        url: other.url,
        token: owner.token,
        fields: { organization_id: owner.organizationId, kind: 'FILE', title: 'Whole' },
        file: {
          name: 'whole.bin',
          type: 'application/octet-stream',
          content: contentOf(2 * MiB + 5, 'whole'),
        },
      });
      expect(ok.status).toBe(200);
      expect(await counts(other, owner.organizationId)).toEqual({ evidence: 1, blobs: 1, chunks: 3 });
    } finally {
      await other.stop();
    }
  });

  it('detects a stored blob tampered with', async () => {
    const { owner } = server;
    const content = contentOf(2 * MiB + 100, 'tamper');
    const added = await upload({
      url: server.url,
      token: owner.token,
      fields: { organization_id: owner.organizationId, kind: 'FILE', title: 'Firewall rules export' },
      file: { name: 'rules.bin', type: 'application/octet-stream', content },
    });
    expect(added.status).toBe(200);
    const clean = await server.call('verifyEvidence', {
      organization_id: owner.organizationId,
      evidence_id: added.body.id,
    });
    expect(clean.body).toMatchObject({ checked: 1, bytes: content.length, mismatches: [] });

    await sql`update blob_chunks set data = ${Buffer.from('forged')}
      where seq = 1 and blob_id = (select id from blobs where organization_id = ${owner.organizationId}
        and sha256 = ${sha256(content)})`.execute(server.storage.db);
    const one = await server.call('verifyEvidence', {
      organization_id: owner.organizationId,
      evidence_id: added.body.id,
    });
    expect(one.body.mismatches).toEqual([
      expect.objectContaining({ evidence_id: added.body.id, revision: 1, expected_sha256: sha256(content) }),
    ]);
    expect(one.body.mismatches[0].actual_sha256).not.toBe(sha256(content));
    const all = await server.call('verifyEvidence', { organization_id: owner.organizationId });
    expect(all.body.mismatches.map((m: { evidence_id: string }) => m.evidence_id)).toEqual([added.body.id]);
    expect(all.body.checked).toBeGreaterThan(1);
  });

  it('serves uploaded HTML as an attachment with nosniff, and stores a lying media type as octet-stream', async () => {
    const { owner } = server;
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    const asHtml = await upload({
      url: server.url,
      token: owner.token,
      fields: { organization_id: owner.organizationId, kind: 'FILE', title: 'Page' },
      file: { name: 'page.html', type: 'text/html', content: html },
    });
    expect(asHtml.status).toBe(200);
    const got = await download(`${server.url}/api/evidence/${asHtml.body.id}/file`, owner.token);
    expect(got.headers.get('content-type')).toBe('text/html');
    expect(got.headers.get('content-disposition')).toBe(
      'attachment; filename="page.html"; filename*=UTF-8\'\'page.html',
    );
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(got.bytes.equals(html)).toBe(true);

    const lie = await server.call('addEvidence', {
      organization_id: owner.organizationId,
      kind: 'FILE',
      title: 'Not a PDF',
      filename: 'report.pdf',
      media_type: 'application/pdf',
      content_base64: html.toString('base64'),
    });
    expect(lie.body.file.media_type).toBe('application/octet-stream');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const asPng = await server.call('addEvidence', {
      organization_id: owner.organizationId,
      kind: 'FILE',
      title: 'Screenshot',
      filename: 'shot.png',
      media_type: 'image/png',
      content_base64: png.toString('base64'),
    });
    expect(asPng.body.file.media_type).toBe('image/png');
    const pngAsPdf = await server.call('addEvidence', {
      organization_id: owner.organizationId,
      kind: 'FILE',
      title: 'Screenshot named PDF',
      filename: 'shot.pdf',
      media_type: 'application/pdf',
      content_base64: png.toString('base64'),
    });
    expect(pngAsPdf.body.file.media_type).toBe('application/octet-stream');
  });

  it('keeps organizations apart: no download, revision or link across them', async () => {
    const { owner } = server;
    const stranger = await server.addMember();
    const secret = await server.call('addEvidence', {
      organization_id: owner.organizationId,
      kind: 'FILE',
      title: 'Board minutes',
      filename: 'minutes.txt',
      content_base64: Buffer.from('confidential').toString('base64'),
    });
    const got = await download(`${server.url}/api/evidence/${secret.body.id}/file`, stranger.token);
    expect(got.status).toBe(404);
    expect(got.bytes.toString()).not.toContain('confidential');
    const revise = await upload({
      url: server.url,
      path: `/api/evidence/${secret.body.id}/revisions`,
      token: stranger.token,
      fields: {},
      file: { name: 'x.txt', type: 'text/plain', content: Buffer.from('overwrite') },
    });
    expect(revise.status).toBe(404);
    const intoForeign = await upload({
      url: server.url,
      token: stranger.token,
      fields: { organization_id: owner.organizationId, kind: 'FILE', title: 'Planted' },
      file: { name: 'x.txt', type: 'text/plain', content: Buffer.from('planted') },
    });
    expect(intoForeign.status).toBe(404);
    const foreignMeasure = await server.call('addMeasure', {
      organization_id: owner.organizationId,
      name: 'Theirs',
    });
    const link = await server.call(
      'addEvidence',
      {
        organization_id: stranger.organizationId,
        kind: 'TEXT',
        title: 'Link',
        text: 'x',
        measure_ids: [foreignMeasure.body.id],
      },
      { token: stranger.token },
    );
    expect(link.status).toBe(400);
    expect(link.body.error.field).toBe('measure_ids');
    const verify = await server.call(
      'verifyEvidence',
      { organization_id: owner.organizationId },
      { token: stranger.token },
    );
    expect(verify.status).toBe(404);
    const fresh = await server.call('getEvidence', { id: secret.body.id });
    expect(fresh.body.revisions).toHaveLength(1);
  });

  it('refuses uploads from read-only tokens and writes every upload to the audit log', async () => {
    const { owner } = server;
    const reader = await server.createToken({ userId: owner.userId, scope: 'READ' });
    const before = await counts(server, owner.organizationId);
    const refused = await upload({
      url: server.url,
      token: reader.token,
      fields: { organization_id: owner.organizationId, kind: 'FILE', title: 'Read-only' },
      file: { name: 'r.txt', type: 'text/plain', content: Buffer.from('read only') },
    });
    expect(refused.status).toBe(403);
    expect(await counts(server, owner.organizationId)).toEqual(before);

    const content = Buffer.from('audited content');
    const added = await upload({
      url: server.url,
      token: owner.token,
      fields: { organization_id: owner.organizationId, kind: 'FILE', title: 'Audited' },
      file: { name: 'a.txt', type: 'text/plain', content },
    });
    const revised = await upload({
      url: server.url,
      path: `/api/evidence/${added.body.id}/revisions`,
      token: owner.token,
      fields: {},
      file: { name: 'a2.txt', type: 'text/plain', content: Buffer.from('second') },
    });
    expect(revised.status).toBe(200);
    const log = await server.storage.auditLog.list({
      organizationId: owner.organizationId,
      filters: { record_id: added.body.id },
    });
    const entries = log.items.map((e) => ({
      action: e.action,
      source: e.source,
      after: e.after as { file: unknown },
    }));
    expect(entries).toEqual([
      expect.objectContaining({ action: 'updateEvidence', source: 'rest' }),
      expect.objectContaining({ action: 'addEvidence', source: 'rest' }),
    ]);
    expect(entries[1]!.after.file).toMatchObject({ revision: 1, sha256: sha256(content) });
    expect(entries[0]!.after.file).toMatchObject({ revision: 2 });
  });

  it('checks kinds and dates: a URL needs url, collected_at is never in the future', async () => {
    const { owner } = server;
    const noUrl = await server.call('addEvidence', {
      organization_id: owner.organizationId,
      kind: 'URL',
      title: 'x',
    });
    expect(noUrl.body.error.field).toBe('url');
    const noFile = await server.call('addEvidence', {
      organization_id: owner.organizationId,
      kind: 'FILE',
      title: 'x',
    });
    expect(noFile.body.error.field).toBe('content_base64');
    const future = await server.call('addEvidence', {
      organization_id: owner.organizationId,
      kind: 'TEXT',
      title: 'x',
      text: 'y',
      collected_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.body.error.field).toBe('collected_at');
    const badBase64 = await server.call('addEvidence', {
      organization_id: owner.organizationId,
      kind: 'FILE',
      title: 'x',
      filename: 'x.bin',
      content_base64: 'not base64!',
    });
    expect(badBase64.body.error.field).toBe('content_base64');
    expect(await counts(server, owner.organizationId)).toMatchObject({
      evidence: (await server.call('listEvidence', { organization_id: owner.organizationId })).body
        .total_count,
    });
  });
});
