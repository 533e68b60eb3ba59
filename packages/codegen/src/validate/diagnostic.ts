/** One problem found in the specs. `line` is 1-based; `fix` says what to change. */
export interface Diagnostic {
  code: string;
  file: string;
  line: number;
  message: string;
  fix: string;
}

/** `file:line code message\n  fix: …`, sorted by file, line and code so output is stable. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[]): string {
  return sortDiagnostics(diagnostics)
    .map((d) => `${d.file}:${d.line} ${d.code} ${d.message}\n  fix: ${d.fix}`)
    .join('\n');
}

export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      a.code.localeCompare(b.code) ||
      a.message.localeCompare(b.message),
  );
}
