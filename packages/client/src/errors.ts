/** A tool call the server refused: its error code and message, the HTTP status and the offending input field if any. */
export class ComplyError extends Error {
  override readonly name: string = 'ComplyError';
  /** The server's code (`INVALID_INPUT`, `UNAUTHORIZED`, `NOT_FOUND`…), or `HTTP_<status>` when the body had none. */
  readonly code: string;
  /** The HTTP status; 0 when no answer arrived (see ComplyConnectionError). */
  readonly status: number;
  /** The input field the server named, e.g. `page_size`. */
  readonly field: string | undefined;

  constructor(init: {
    code: string;
    message: string;
    status: number;
    field?: string | undefined;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.field = init.field;
  }
}

/**
 * No answer from the instance: it could not be reached (wrong address, network, firewall, http where
 * https is needed) or it did not answer within the time-out. `status` is 0.
 */
export class ComplyConnectionError extends ComplyError {
  override readonly name: string = 'ComplyConnectionError';
  declare readonly code: 'CONNECTION_FAILED' | 'TIMEOUT';
  /** The URL that was requested. */
  readonly url: string;

  constructor(init: {
    code: 'CONNECTION_FAILED' | 'TIMEOUT';
    message: string;
    url: string;
    cause?: unknown;
  }) {
    super({ ...init, status: 0 });
    this.url = init.url;
  }
}
