import type { FieldIssue } from '@comply/schemas/forms';

/** A console API failure with the server's `{error: {code, message, field?, field_issues?}}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** A refused OSCAL document's schema issues, each a JSON pointer and a message. */
  readonly issues: { pointer: string; message: string }[];
  /** Where an OSCAL import stopped, as a JSON pointer. */
  readonly pointer: string | undefined;
  /** Each field at fault in a form's terms, for the form to word at the field. */
  readonly fieldIssues: readonly FieldIssue[];

  constructor({
    status,
    code,
    message,
    field,
    issues,
    pointer,
    field_issues,
  }: {
    status: number;
    code: string;
    message: string;
    field?: string;
    issues?: { pointer: string; message: string }[];
    pointer?: string;
    field_issues?: FieldIssue[];
  }) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
    this.issues = issues ?? [];
    this.pointer = pointer;
    this.fieldIssues = field_issues ?? [];
  }
}

let onUnauthorized: () => void = () => undefined;

/** What to do when the session ends (expired, revoked, signed out elsewhere). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/** Calls `/api/console{path}`; state-changing calls carry the CSRF header the server requires. */
export async function api<T>(path: string, options: { method?: string; body?: unknown } = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-comply-csrf'] = '1';
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`/api/console${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const error = data?.error ?? { code: 'INTERNAL', message: `The server answered ${response.status}.` };
    if (response.status === 401 && path !== '/session') onUnauthorized();
    throw new ApiError({ status: response.status, ...error });
  }
  return data as T;
}

/**
 * A server message as console text: Markdown code spans (`name`) lose their backticks, which the
 * tools' messages use for the model's sake and a person should not see.
 */
export function plainText(message: string): string {
  return message.replace(/`([^`]*)`/g, '$1');
}

/** A query string from defined, non-empty values. */
export function toQuery(params: Record<string, string | undefined>): string {
  const entries = Object.entries(params).filter(
    (e): e is [string, string] => e[1] !== undefined && e[1] !== '',
  );
  return entries.length ? `?${new URLSearchParams(entries).toString()}` : '';
}

/**
 * Runs a write from a list page, then `reload`s the list; a failure is handed to `setError` (cleared
 * first) for the page's ErrorNote instead of being thrown.
 */
export async function writeThenReload(
  write: () => Promise<unknown>,
  { reload, setError }: { reload: () => void; setError: (error: unknown) => void },
): Promise<void> {
  setError(null);
  try {
    await write();
    reload();
  } catch (caught) {
    setError(caught);
  }
}
