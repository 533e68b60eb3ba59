/** A document that is valid JSON but cannot be imported; `pointer` locates the problem when known. */
export class OscalImportError extends Error {
  readonly pointer: string | null;

  constructor(message: string, pointer: string | null = null) {
    super(message);
    this.name = 'OscalImportError';
    this.pointer = pointer;
  }
}

/** Records that cannot make a valid document (e.g. a POA&M with no open item: OSCAL requires one). */
export class OscalExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OscalExportError';
  }
}
