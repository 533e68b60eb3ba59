#!/usr/bin/env node
// The evidence vault benchmark's floor (scripts/bench/evidence-vault.mjs), in a process of its own
// so that nothing Comply's server does (its pool, its COPY reads, its garbage) slows it: a bare
// fastify route that parses the multipart upload with the same plugin and streams the file to disk,
// and one that streams that file back. Prints `{"url": …}` on its first line once listening; ends
// when its standard input closes.
// Arguments: <directory for the file> <body limit in bytes>.
import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';

const [dir, limit] = process.argv.slice(2);
const bodyLimit = Number(limit);
const file = join(dir, 'bare-upload.bin');
const app = Fastify({ logger: false, bodyLimit });
await app.register(multipart, { limits: { fileSize: bodyLimit, files: 1 } });
app.post('/upload', async (request) => {
  let size = 0;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    await pipeline(part.file, createWriteStream(file));
    size = part.file.bytesRead;
  }
  return { size };
});
app.get('/download', (_request, reply) =>
  reply.header('content-type', 'application/octet-stream').send(createReadStream(file)),
);
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url })}\n`);
process.stdin.resume();
process.stdin.on('end', () => app.close().then(() => process.exit(0)));
