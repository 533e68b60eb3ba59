import {
  App,
  applyDocumentTheme,
  applyHostStyleVariables,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps';

// biome-ignore lint/suspicious/noExplicitAny: views read tool outputs whose shapes the specs define
export type Data = any;
type Child = Node | string | number | null | undefined | false;

/** A small DOM builder: `h('td', { class: 'num' }, 3)`; attributes starting with `on` are listeners. */
export function h(
  tag: string,
  attrs: Record<string, unknown> | null = null,
  ...children: Child[]
): HTMLElement {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function')
      el.addEventListener(key.slice(2), value as EventListener);
    else if (key in el && typeof value !== 'string') (el as unknown as Record<string, unknown>)[key] = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/** The message of a Comply error result (`{ error: { message } }` in its text), or the text. */
function errorText(result: { content?: unknown }): string {
  const text =
    (result.content as { type: string; text?: string }[] | undefined)?.[0]?.text ?? 'The call failed.';
  try {
    return JSON.parse(text)?.error?.message ?? text;
  } catch {
    return text;
  }
}

/** What a view renders from: the tool's arguments and structured result, and the SDK's App. */
export interface ViewContext {
  app: App;
  input: Record<string, unknown>;
  data: Data;
  root: HTMLElement;
  /** Whether the caller's token may write in this organization (the server names them in `data-write`). */
  canWrite(organizationId: unknown): boolean;
  /** Calls a server tool through the host (its consent applies); throws the tool's error message. */
  call(name: string, args: Record<string, unknown>): Promise<Data>;
}

function applyHost(context: McpUiHostContext | undefined) {
  if (context?.theme) applyDocumentTheme(context.theme);
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
}

/**
 * Connects the view to its host with the SDK's App class and renders each tool result: the host
 * sends the tool's arguments, then its result; theme and style variables follow the host's.
 */
export function startView(name: string, render: (context: ViewContext) => void) {
  const root = document.getElementById('view')!;
  const app = new App({ name: `comply-${name}`, version: '1.0.0' }, {}, { autoResize: true });
  const writable = new Set((document.documentElement.dataset.write ?? '').split(' ').filter(Boolean));
  let input: Record<string, unknown> = {};
  const call = async (tool: string, args: Record<string, unknown>) => {
    const result = await app.callServerTool({ name: tool, arguments: args });
    if (result.isError) throw new Error(errorText(result));
    return result.structuredContent;
  };
  app.ontoolinput = (params) => {
    input = (params.arguments ?? {}) as Record<string, unknown>;
  };
  app.ontoolresult = (result) => {
    root.removeAttribute('aria-busy');
    if (result.isError || !result.structuredContent) {
      root.replaceChildren(h('p', { class: 'error', role: 'alert' }, errorText(result)));
      return;
    }
    root.replaceChildren();
    render({
      app,
      input,
      data: result.structuredContent,
      root,
      canWrite: (id) => typeof id === 'string' && writable.has(id),
      call,
    });
  };
  app.onhostcontextchanged = (context) => applyHost(context);
  void app.connect().then(() => applyHost(app.getHostContext()));
}

/** A percentage bar with its number, readable without colour. */
export function bar(percent: number, label: string): HTMLElement {
  return h(
    'div',
    { class: 'bar', role: 'img', 'aria-label': `${label}: ${percent}%` },
    h('span', { style: `width:${Math.max(0, Math.min(100, percent))}%` }),
  );
}

export const words = (value: string) => value.toLowerCase().replaceAll('_', ' ');
