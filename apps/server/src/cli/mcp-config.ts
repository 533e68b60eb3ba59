/** Where `comply mcp` forwards to, read from the environment. */
export interface BridgeConfig {
  /** The remote MCP endpoint, `<COMPLY_URL>/api/mcp/v1`. */
  endpoint: URL;
  token: string;
}

const MCP_PATH = '/api/mcp/v1';

/**
 * Reads COMPLY_URL and COMPLY_API_TOKEN (SERVICE_API_TOKEN as the neutral fallback). Returns a
 * message for the user instead of a config when either is missing or unusable; the message never
 * contains the token.
 */
export function readBridgeConfig(env: NodeJS.ProcessEnv): BridgeConfig | { error: string } {
  const rawUrl = env.COMPLY_URL;
  if (!rawUrl)
    return {
      error:
        'COMPLY_URL is not set. Set it to the address of your Comply instance, e.g. https://comply.example.com (production) or http://127.0.0.1:8787 (local).',
    };
  const endpoint = toEndpoint(rawUrl);
  if (!endpoint)
    return {
      error: `COMPLY_URL must be an http:// or https:// address such as https://comply.example.com, got "${rawUrl}".`,
    };
  const name = env.COMPLY_API_TOKEN
    ? 'COMPLY_API_TOKEN'
    : env.SERVICE_API_TOKEN
      ? 'SERVICE_API_TOKEN'
      : undefined;
  if (!name)
    return {
      error:
        'COMPLY_API_TOKEN is not set (nor SERVICE_API_TOKEN). Create a token in the web console (Settings → API Tokens → Generate New Token) and put it in the env block of your MCP client configuration.',
    };
  const token = env[name] ?? '';
  const stray = strayWhitespace(token);
  if (stray)
    return {
      error: `${name} contains ${stray}, so the server would refuse it. Copy the token again and set ${name} to exactly the token, without spaces or line breaks.`,
    };
  return { endpoint, token };
}

function toEndpoint(raw: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const path = url.pathname.replace(/\/+$/, '');
  // Accept both the instance's address and the MCP address itself.
  url.pathname = path.endsWith(MCP_PATH) ? path : `${path}${MCP_PATH}`;
  url.search = '';
  url.hash = '';
  return url;
}

function strayWhitespace(token: string): string | undefined {
  if (/[\r\n]/.test(token)) return 'a line break';
  if (/^\s|\s$/.test(token)) return 'leading or trailing whitespace';
  if (/\s/.test(token)) return 'whitespace inside the token';
  return undefined;
}
