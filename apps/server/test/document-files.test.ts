import { createHash } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type Member, useTestServer } from './harness.js';
import { callError, callOk, connectMcp } from './mcp-client.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function download(url: string, token: string) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    headers: response.headers,
  };
}

/** A small PDF-looking file with bytes that are not UTF-8 text. */
const pdf = Buffer.concat([
  Buffer.from('%PDF-1.4\n% Information security policy\n'),
  Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x00, 0xff, 0x0a]),
  Buffer.from('%%EOF\n'),
]);

describe.each(DRIVERS)(
  'a policy kept as a vault file, approved, published and acknowledged (%s)',
  (driver) => {
    const server = useTestServer({ driver });
    let owner: Member;
    let editor: Member;
    let stranger: Member;
    let ownerClient: Client;
    let editorClient: Client;
    let strangerClient: Client;
    let organization_id: string;
    let document_id: string;
    let evidence_id: string;

    beforeAll(async () => {
      owner = server.owner;
      organization_id = owner.organizationId;
      editor = await server.addMember({ organizationId: organization_id, role: 'EDITOR' });
      stranger = await server.addMember();
      ownerClient = await connectMcp({ server });
      editorClient = await connectMcp({ server, token: editor.token });
      strangerClient = await connectMcp({ server, token: stranger.token });
      const evidence = await callOk({
        client: editorClient,
        name: 'addEvidence',
        args: {
          organization_id,
          kind: 'FILE',
          title: 'Signed information security policy',
          filename: 'isms-policy.pdf',
          media_type: 'application/pdf',
          content_base64: pdf.toString('base64'),
        },
      });
      evidence_id = evidence.id;
      const doc = await callOk({
        client: editorClient,
        name: 'addDocument',
        args: {
          organization_id,
          title: 'Information security policy',
          kind: 'POLICY',
          approvers: [owner.email],
        },
      });
      document_id = doc.id;
    });
    afterAll(async () => {
      for (const client of [ownerClient, editorClient, strangerClient]) await client?.close();
    });

    it('refuses a version with neither or both sources, naming the field', async () => {
      const neither = await callError(editorClient, 'addDocumentVersion', { organization_id, document_id });
      expect(neither).toMatchObject({ code: 'INVALID_INPUT', field: 'content' });
      expect(neither.message).toContain('exactly one');
      const both = await callError(editorClient, 'addDocumentVersion', {
        organization_id,
        document_id,
        content: '# Policy',
        evidence_id,
      });
      expect(both).toMatchObject({ code: 'INVALID_INPUT', field: 'evidence_id' });
    });

    it('refuses URL and TEXT evidence naming the kind, and unknown or foreign evidence as NOT_FOUND', async () => {
      const url = await callOk({
        client: editorClient,
        name: 'addEvidence',
        args: {
          organization_id,
          kind: 'URL',
          title: 'Policy on the intranet',
          url: 'https://intranet.example/p',
        },
      });
      const refused = await callError(editorClient, 'addDocumentVersion', {
        organization_id,
        document_id,
        evidence_id: url.id,
      });
      expect(refused).toMatchObject({ code: 'INVALID_INPUT', field: 'evidence_id' });
      expect(refused.message).toContain('URL evidence');

      const foreign = await callOk({
        client: strangerClient,
        name: 'addEvidence',
        args: {
          organization_id: stranger.organizationId,
          kind: 'FILE',
          title: 'Their policy',
          filename: 'theirs.pdf',
          content_base64: pdf.toString('base64'),
        },
      });
      for (const id of [foreign.id, 'evd_unknown']) {
        const missing = await callError(editorClient, 'addDocumentVersion', {
          organization_id,
          document_id,
          evidence_id: id,
        });
        expect(missing).toMatchObject({ code: 'NOT_FOUND', field: 'evidence_id' });
      }
      const doc = await callOk({ client: editorClient, name: 'getDocument', args: { id: document_id } });
      expect(doc.current_version).toBeNull();
    });

    it('adds the file as version 1, bound to its SHA-256, and a later revision changes nothing', async () => {
      const doc = await callOk({
        client: editorClient,
        name: 'addDocumentVersion',
        args: { organization_id, document_id, evidence_id, change_note: 'Signed PDF.', submit: true },
      });
      const file = {
        revision: 1,
        filename: 'isms-policy.pdf',
        media_type: 'application/pdf',
        size: pdf.length,
        sha256: sha256(pdf),
      };
      expect(doc).toMatchObject({ status: 'IN_REVIEW', current_version: 1, content: null });
      expect(doc.versions).toEqual([
        expect.objectContaining({
          version: 1,
          content_hash: sha256(pdf),
          evidence_id,
          file: expect.objectContaining(file),
        }),
      ]);
      await callOk({
        client: editorClient,
        name: 'updateEvidence',
        args: {
          id: evidence_id,
          filename: 'isms-policy-draft-2.pdf',
          content_base64: Buffer.from('%PDF-1.4\nanother draft\n').toString('base64'),
        },
      });
      const again = await callOk({ client: editorClient, name: 'getDocument', args: { id: document_id } });
      expect(again.versions[0]).toMatchObject({ content_hash: sha256(pdf), file });
    });

    it('is approved against the file hash, published and acknowledged', async () => {
      const wrong = await callError(ownerClient, 'approveDocumentVersion', {
        organization_id,
        document_id,
        version: 1,
        content_hash: sha256(Buffer.from('something else')),
      });
      expect(wrong).toMatchObject({ code: 'CONFLICT', field: 'content_hash' });
      const approved = await callOk({
        client: ownerClient,
        name: 'approveDocumentVersion',
        args: { organization_id, document_id, version: 1, content_hash: sha256(pdf) },
      });
      expect(approved.status).toBe('APPROVED');
      const published = await callOk({
        client: ownerClient,
        name: 'updateDocument',
        args: { id: document_id, status: 'PUBLISHED' },
      });
      expect(published).toMatchObject({ status: 'PUBLISHED', published_version: 1 });
      const acknowledged = await callOk({
        client: editorClient,
        name: 'acknowledgeDocument',
        args: { organization_id, document_id, version: 1 },
      });
      expect(acknowledged.acknowledgements).toEqual([
        expect.objectContaining({ member: editor.email, version: 1 }),
      ]);
    });

    it('downloads the version file byte for byte as an attachment; nobody outside reads it', async () => {
      const url = `${server.url}/api/documents/${document_id}/versions/1/file`;
      const got = await download(url, editor.token);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(pdf)).toBe(true);
      expect(got.headers.get('content-type')).toBe('application/pdf');
      expect(got.headers.get('content-disposition')).toContain('attachment;');
      expect(got.headers.get('content-disposition')).toContain('isms-policy.pdf');
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');

      const foreign = await download(url, stranger.token);
      expect(foreign.status).toBe(404);
      expect(foreign.bytes.includes(pdf)).toBe(false);
      expect(
        (await download(`${server.url}/api/documents/${document_id}/versions/9/file`, editor.token)).status,
      ).toBe(404);
    });

    it('keeps Markdown versions as before, with no file', async () => {
      const doc = await callOk({
        client: editorClient,
        name: 'addDocumentVersion',
        args: { organization_id, document_id, content: '# Information security policy\n\nNow in Markdown.' },
      });
      expect(doc.versions[0]).toMatchObject({ version: 2, evidence_id: null, file: null });
      expect(doc.content).toContain('Now in Markdown.');
      const markdown = await download(
        `${server.url}/api/documents/${document_id}/versions/2/file`,
        editor.token,
      );
      expect(markdown.status).toBe(404);
    });

    it('takes the file as version 1 on addDocument, with the same checks', async () => {
      const doc = await callOk({
        client: editorClient,
        name: 'addDocument',
        args: { organization_id, title: 'Business continuity plan', kind: 'PLAN', evidence_id },
      });
      expect(doc).toMatchObject({ current_version: 1, content: null });
      expect(doc.versions[0]).toMatchObject({ version: 1, evidence_id, file: { revision: 2 } });
      const got = await download(`${server.url}/api/documents/${doc.id}/versions/1/file`, editor.token);
      expect(got.bytes.toString()).toBe('%PDF-1.4\nanother draft\n');

      const both = await callError(editorClient, 'addDocument', {
        organization_id,
        title: 'Both',
        kind: 'PLAN',
        content: '# Plan',
        evidence_id,
      });
      expect(both).toMatchObject({ code: 'INVALID_INPUT', field: 'evidence_id' });
      const foreign = await callError(editorClient, 'addDocument', {
        organization_id,
        title: 'Foreign',
        kind: 'PLAN',
        evidence_id: 'evd_unknown',
      });
      expect(foreign).toMatchObject({ code: 'NOT_FOUND', field: 'evidence_id' });
      const list = await callOk({ client: editorClient, name: 'listDocuments', args: { organization_id } });
      expect(list.documents.map((d: { title: string }) => d.title).sort()).toEqual([
        'Business continuity plan',
        'Information security policy',
      ]);
    });
  },
);
