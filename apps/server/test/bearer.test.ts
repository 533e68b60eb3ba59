import { describe, expect, it } from 'vitest';
import { parseBearer } from '../src/auth/bearer.js';

const TOKEN = 'comply_pat_abcDEF123-._~+/==';

describe('parseBearer', () => {
  it.each(['Bearer', 'bearer', 'BEARER', 'BeArEr'])('accepts the scheme name %s', (scheme) => {
    expect(parseBearer(`${scheme} ${TOKEN}`)).toEqual({ ok: true, token: TOKEN });
  });

  it('keeps the token exactly as sent, case included', () => {
    expect(parseBearer('bearer AbC')).toEqual({ ok: true, token: 'AbC' });
  });

  it.each([
    ['another scheme', `Basic ${TOKEN}`],
    ['a scheme that only starts with bearer', `Bearerx ${TOKEN}`],
    ['two spaces', `bearer  ${TOKEN}`],
    ['a tab', `bearer\t${TOKEN}`],
    ['a leading space', ` Bearer ${TOKEN}`],
    ['a trailing space', `Bearer ${TOKEN} `],
    ['a newline', `Bearer ${TOKEN}\n`],
    ['a quote in the token', `Bearer "${TOKEN}"`],
    ['the scheme word alone', 'bearer'],
    ['padding inside the token', 'Bearer ab=cd'],
    ['two headers', [`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]],
  ])('refuses %s as malformed', (_name, header) => {
    expect(parseBearer(header)).toEqual({ ok: false, problem: 'malformed' });
  });

  it.each([undefined, ''])('reports %j as missing', (header) => {
    expect(parseBearer(header)).toEqual({ ok: false, problem: 'missing' });
  });
});
