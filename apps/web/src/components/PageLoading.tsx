import { ErrorNote } from './ErrorNote.js';

/** A page whose data is still loading, or failed to: its heading and the error or "Loading…". */
export function PageLoading({ title, error }: { title: string; error: unknown }) {
  return (
    <section className="stack">
      <h1>{title}</h1>
      <ErrorNote error={error} />
      {!error && <p className="loading">Loading…</p>}
    </section>
  );
}
