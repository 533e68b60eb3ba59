import type { Actor, Storage } from '@comply/storage';
import type { Caller, Role } from './caller.js';

/** What a handler receives besides its input: the storage, the caller, and the organization in play. */
export interface ToolContext {
  storage: Storage;
  caller: Caller;
  /** The organization the call acts in; undefined only for listOrganizations. */
  organizationId: string | undefined;
  /** The caller's role in `organizationId`. */
  role: Role | undefined;
  actor: Actor;
  /** A file streamed with the call (REST multipart upload), for the tools that store files. */
  upload?: FileUpload | undefined;
}

/** A file arriving as a stream: read it once, as it comes. */
export interface FileUpload {
  filename: string;
  /** The media type the client declared for the part. */
  mediaType: string;
  stream: AsyncIterable<Uint8Array>;
  /** Largest size accepted; reading past it fails with PAYLOAD_TOO_LARGE and stores nothing. */
  maxBytes: number;
}
