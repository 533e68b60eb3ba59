import type { FastifyReply } from 'fastify';

/**
 * Sends a 200 `application/json` body given as parts, written in order without being joined. An
 * MCP tools/call reply is a small head (its id) and a tail of tens of kilobytes shared by every
 * reply to the same cached result (mcp/reply-body.ts); joining them copied the tail for every
 * reply. Corked, the status line, the headers and the parts leave in one write. The reply is
 * hijacked, so fastify does not write it: the headers set on it (by hooks and the route) are sent
 * as set, and its response listeners (onResponse hooks, the access log) still run when it ends.
 */
export function sendJsonParts({ reply, parts }: { reply: FastifyReply; parts: Buffer[] }): FastifyReply {
  if (parts.length === 1) return reply.code(200).type('application/json').send(parts[0]);
  let length = 0;
  for (const part of parts) length += part.length;
  reply.hijack();
  const res = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) res.setHeader(name, value);
  }
  res.setHeader('content-type', 'application/json');
  res.setHeader('content-length', length);
  res.writeHead(200);
  res.cork();
  for (let i = 0; i < parts.length - 1; i++) res.write(parts[i]);
  res.end(parts[parts.length - 1]);
  return reply;
}
