/// <reference lib="dom" />
/**
 * A minimal MCP Apps host for the browser tests, built on the SDK's AppBridge as its basic-host
 * example is: the official MCP client (announcing the UI extension) talks to Comply, the host reads
 * a tool's `_meta.ui.resourceUri`, renders that resource in a sandboxed iframe under the CSP its
 * `_meta.ui.csp` asks for, and answers the view's tool calls through the client, recording them.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  AppBridge,
  type McpUiHostContext,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
} from '@modelcontextprotocol/ext-apps/app-bridge';

interface Shown {
  resourceUri: string;
  mimeType: string | undefined;
  csp: unknown;
}

let client: Client;
let bridge: AppBridge | undefined;
const calls: { name: string; arguments: unknown; isError: boolean }[] = [];

async function connect(token: string): Promise<string[]> {
  client = new Client(
    { name: 'comply-test-host', version: '1.0.0' },
    {
      capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [RESOURCE_MIME_TYPE] } } },
      versionNegotiation: { mode: { pin: '2026-07-28' } },
    },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/api/mcp/v1', location.origin), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  const { tools } = await client.listTools();
  return tools.map((t) => t.name);
}

/** The CSP a host applies from `_meta.ui.csp`: nothing beyond the page itself unless domains are asked. */
function cspFor(csp: { connectDomains?: string[]; resourceDomains?: string[] } | undefined): string {
  const connect = csp?.connectDomains?.length ? csp.connectDomains.join(' ') : "'none'";
  const resources = csp?.resourceDomains?.length ? ` ${csp.resourceDomains.join(' ')}` : '';
  return `default-src 'none'; script-src 'unsafe-inline'${resources}; style-src 'unsafe-inline'${resources}; img-src data:${resources}; connect-src ${connect}`;
}

async function show({
  tool,
  args,
  theme,
}: {
  tool: string;
  args: Record<string, unknown>;
  theme: 'light' | 'dark';
}): Promise<Shown> {
  const { tools } = await client.listTools();
  const definition = tools.find((t) => t.name === tool);
  const resourceUri = (definition?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
  if (!resourceUri) throw new Error(`${tool} has no _meta.ui.resourceUri`);
  const result = await client.callTool({ name: tool, arguments: args });
  const resource = await client.readResource({ uri: resourceUri });
  const content = resource.contents[0] as {
    text: string;
    mimeType?: string;
    _meta?: { ui?: { csp?: object } };
  };
  const csp = content._meta?.ui?.csp;

  await bridge?.close();
  const container = document.getElementById('host')!;
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.title = tool;
  container.replaceChildren(iframe);
  const context: McpUiHostContext = {
    theme,
    displayMode: 'inline',
    platform: 'web',
    containerDimensions: { width: container.clientWidth, maxHeight: 4000 },
  };
  bridge = new AppBridge(
    null,
    { name: 'comply-test-host', version: '1.0.0' },
    { serverTools: {}, serverResources: {} },
    { hostContext: context },
  );
  bridge.oncalltool = async (params) => {
    const reply = await client.callTool(params);
    calls.push({ name: params.name, arguments: params.arguments, isError: reply.isError === true });
    return reply as never;
  };
  bridge.onreadresource = async (params) => client.readResource(params) as never;
  bridge.onsizechange = ({ height }) => {
    if (height) iframe.style.height = `${Math.ceil(height)}px`;
  };
  const initialized = new Promise<void>((resolve) => {
    bridge!.oninitialized = () => resolve();
  });
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
  const policy = `<meta http-equiv="Content-Security-Policy" content="${cspFor(csp)}">`;
  iframe.srcdoc = content.text.replace('<head>', `<head>${policy}`);
  await initialized;
  await bridge.sendToolInput({ arguments: args });
  await bridge.sendToolResult(result as never);
  document.documentElement.dataset.theme = theme;
  return { resourceUri, mimeType: content.mimeType, csp };
}

function setTheme(theme: 'light' | 'dark') {
  document.documentElement.dataset.theme = theme;
  bridge?.setHostContext({ theme });
}

(window as unknown as { host: object }).host = { connect, show, setTheme, calls };
