import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build, defaultClientConditions, type Rollup } from 'vite';

const ENTRY = fileURLToPath(new URL('./apps-host/host.ts', import.meta.url));

/** The test host's script (apps-host/host.ts), bundled for the browser with the SDK. */
async function hostScript(): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'warn',
    resolve: { conditions: [...defaultClientConditions] },
    build: {
      write: false,
      minify: false,
      // The SDK's client and App bridge, unminified: large, and only ever loaded by the test browser.
      chunkSizeWarningLimit: 4096,
      lib: { entry: ENTRY, formats: ['iife'], name: 'complyHost', fileName: 'host' },
    },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
  return (chunk as Rollup.OutputChunk).code;
}

/**
 * Opens the test host at `<server>/__apps-host` (answered by the browser itself, so the host has
 * the server's origin and its MCP client makes same-origin requests) and connects it with `token`.
 * Returns the tools the client listed.
 */
export async function openHost({ page, url, token }: { page: Page; url: string; token: string }) {
  const script = await hostScript();
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test host</title>
<style>body{margin:0;font-family:system-ui;background:#fff}html[data-theme=dark] body{background:#121316}
#host{padding:8px}iframe{width:100%;border:1px solid #999;border-radius:8px;height:200px;display:block}</style>
</head><body><div id="host"></div><script>${script.replaceAll('</script', '<\\/script')}</script></body></html>`;
  await page.route(`${url}/__apps-host`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: html }),
  );
  await page.goto(`${url}/__apps-host`);
  return page.evaluate(
    (t) => (window as unknown as { host: { connect(t: string): Promise<string[]> } }).host.connect(t),
    token,
  );
}

export interface HostCall {
  name: string;
  arguments: Record<string, unknown>;
  isError: boolean;
}

type HostApi = {
  show(a: { tool: string; args: Record<string, unknown>; theme: 'light' | 'dark' }): Promise<{
    resourceUri: string;
    mimeType: string;
    csp: unknown;
  }>;
  setTheme(theme: 'light' | 'dark'): void;
  calls: HostCall[];
};

/** Calls `tool` through the host and renders its view. */
export function showView(
  page: Page,
  args: { tool: string; args: Record<string, unknown>; theme?: 'light' | 'dark' },
) {
  return page.evaluate(
    (a) => (window as unknown as { host: HostApi }).host.show({ ...a, theme: a.theme ?? 'light' }),
    args,
  );
}

export function setHostTheme(page: Page, theme: 'light' | 'dark') {
  return page.evaluate((t) => (window as unknown as { host: HostApi }).host.setTheme(t), theme);
}

/** The tool calls the views made through the host so far. */
export function hostCalls(page: Page): Promise<HostCall[]> {
  return page.evaluate(() => (window as unknown as { host: HostApi }).host.calls);
}
