import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { EXTENSION_ID, getUiCapability, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { type Caller, roleCanWrite } from '../core/caller.js';
import { ToolError } from '../core/errors.js';

/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension): interactive views a host renders in a
 * sandboxed iframe next to a tool's result. Each view is one self-contained HTML file built from
 * apps/server/views by `npm run build` into dist/views (no external origin, no run-time fetch).
 * Only a client that announces the extension sees the tools' `_meta.ui` and the `ui://` resources;
 * every client gets the same tools and the same results (docs/server.md, "MCP Apps").
 */
export const UI_EXTENSION = EXTENSION_ID;

/** The views, by the tool whose result each renders. */
export const UI_VIEWS: Readonly<Record<string, { name: string; title: string; description: string }>> = {
  getAuditReadiness: {
    name: 'readiness',
    title: 'Audit readiness',
    description: 'Readiness by family, gaps first; drill into a control.',
  },
  listRisks: {
    name: 'risk-heat-map',
    title: 'Risk heat map',
    description: 'Inherent and residual heat maps; a cell lists its risks.',
  },
  getStatementOfApplicability: {
    name: 'soa',
    title: 'Statement of Applicability',
    description: 'Review and edit applicability.',
  },
  getComplianceReport: {
    name: 'attention',
    title: 'Needs attention',
    description: "The compliance report's items needing attention.",
  },
};

const uriOf = (name: string) => `ui://comply/${name}`;

/** `_meta` of a tool with a view, as the SDK's registerAppTool writes it (both keys, for older hosts). */
export function toolUiMeta(tool: string): Record<string, unknown> | undefined {
  const view = UI_VIEWS[tool];
  if (!view) return undefined;
  const resourceUri = uriOf(view.name);
  return { ui: { resourceUri }, 'ui/resourceUri': resourceUri };
}

/** resources/list entries of the views, for a client that announced the extension. */
export const UI_RESOURCES = Object.values(UI_VIEWS).map((view) => ({
  uri: uriOf(view.name),
  name: view.name,
  title: view.title,
  description: view.description,
  mimeType: RESOURCE_MIME_TYPE,
}));

/** Whether client capabilities announce the extension with the HTML profile. */
export function announcesUi(capabilities: unknown): boolean {
  const ui = getUiCapability(
    typeof capabilities === 'object' && capabilities !== null
      ? (capabilities as Parameters<typeof getUiCapability>[0])
      : undefined,
  );
  return !!ui && Array.isArray(ui.mimeTypes) && ui.mimeTypes.includes(RESOURCE_MIME_TYPE);
}

/**
 * The 2025 era is stateless, so what a client announced at `initialize` is not kept: a client that
 * announces the extension gets an `Mcp-Session-Id` carrying this prefix, which the protocol makes it
 * send with every later request. The id holds no state and grants nothing (it only adds `_meta`).
 */
export const UI_SESSION_PREFIX = 'ui-';

export function uiFromSessionId(header: unknown): boolean {
  return typeof header === 'string' && header.startsWith(UI_SESSION_PREFIX);
}

/** Where the built views are, from src/mcp and dist/mcp alike. */
export const VIEWS_DIR = fileURLToPath(new URL('../../dist/views/', import.meta.url));

const cache = new Map<string, Promise<string>>();
function viewHtml(name: string): Promise<string> {
  let html = cache.get(name);
  if (!html) {
    html = readFile(`${VIEWS_DIR}${name}.html`, 'utf8');
    cache.set(name, html);
    html.catch(() => cache.delete(name));
  }
  return html;
}

/** The organizations the caller may change records in: none for a read-only token. */
function writableOrganizations(caller: Caller): string[] {
  if (caller.scope !== 'WRITE') return [];
  return [...caller.organizations.entries()].filter(([, role]) => roleCanWrite(role)).map(([id]) => id);
}

/**
 * resources/read of a `ui://comply/…` view, or undefined for another URI. The HTML names the
 * organizations the caller may write in (`data-write` on <html>), so a read-only token's view
 * offers no edit; the write tools refuse such an edit anyway.
 */
export async function readUiResource({ caller, uri }: { caller: Caller; uri: string }) {
  if (!uri.startsWith('ui://comply/')) return undefined;
  const view = Object.values(UI_VIEWS).find((v) => uriOf(v.name) === uri);
  if (!view) {
    throw new ToolError({
      code: 'NOT_FOUND',
      message: `No view ${uri}; views: ${UI_RESOURCES.map((r) => r.uri).join(', ')}.`,
      field: 'uri',
    });
  }
  let html: string;
  try {
    html = await viewHtml(view.name);
  } catch {
    throw new ToolError({
      code: 'NOT_FOUND',
      message: `The view ${uri} is not built on this server (run npm run build).`,
      field: 'uri',
    });
  }
  const write = writableOrganizations(caller).join(' ');
  return {
    uri,
    mimeType: RESOURCE_MIME_TYPE,
    text: html.replace('<html lang="en">', `<html lang="en" data-write="${write}">`),
    // No origin is needed: the views are self-contained, so the host's strictest CSP applies.
    _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } },
  };
}
