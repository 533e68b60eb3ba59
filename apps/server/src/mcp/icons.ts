import type { FastifyInstance } from 'fastify';
import { ToolError } from '../core/errors.js';

/** Where the icons are served: public, like any web page's icons (they carry no data). */
export const ICON_PATH = '/icons';

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#2563eb" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;

/** One icon per toolset (the generator names a tool's toolset), and `comply` for the server. */
const ICONS: Readonly<Record<string, string>> = {
  comply: svg('<path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z"/><path d="m8.5 12 2.5 2.5 4.5-5"/>'),
  risks: svg('<path d="M12 3 2 21h20z"/><path d="M12 10v5m0 3v.5"/>'),
  vendors: svg('<path d="M3 21V8l6-4v17m0 0h12V10l-6-3M13 12h4m-4 4h4"/>'),
  measures: svg('<path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z"/>'),
  obligations: svg('<path d="M6 3h9l4 4v14H6z"/><path d="M9 12h7m-7 4h7"/>'),
  nonconformities: svg('<circle cx="12" cy="12" r="9"/><path d="m9 9 6 6m0-6-6 6"/>'),
  audits: svg('<circle cx="11" cy="11" r="6"/><path d="m20 20-4.5-4.5"/>'),
  frameworks: svg('<path d="M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z"/>'),
  organizations: svg(
    '<circle cx="9" cy="8" r="3"/><path d="M3 20c0-3.5 2.7-6 6-6s6 2.5 6 6m1-15a3 3 0 0 1 0 6m2 3c2 .8 3 3 3 6"/>',
  ),
  reports: svg('<path d="M4 20V10m6 10V4m6 16v-7M2 20h20"/>'),
};
const FALLBACK = svg('<circle cx="12" cy="12" r="9"/>');

/** The server's own icon (a shield with a tick), as SVG text. */
export const COMPLY_ICON_SVG = ICONS.comply!;

/** The server's own icon, as a data: URI (it travels in initialize, once per connection). */
export const serverIcon = {
  src: `data:image/svg+xml;base64,${Buffer.from(ICONS.comply!).toString('base64')}`,
  mimeType: 'image/svg+xml',
  sizes: ['any'],
};

/** The URL of a toolset's icon on this server. */
export function iconUrl({ origin, toolset }: { origin: string; toolset: string }): string {
  return `${origin}${ICON_PATH}/${toolset}.svg`;
}

/** `GET /icons/<toolset>.svg`: the icons tools/list points to. */
export function registerIconRoute(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>(`${ICON_PATH}/:file`, async (request, reply) => {
    const name = request.params.file.replace(/\.svg$/, '');
    // Toolsets are register plurals, snake_case (`management_reviews`).
    if (!request.params.file.endsWith('.svg') || !/^[a-z][a-z_]*$/.test(name)) {
      throw new ToolError({ code: 'NOT_FOUND', message: 'No such icon.' });
    }
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(Object.hasOwn(ICONS, name) ? ICONS[name] : FALLBACK);
  });
}
