import { ApiError, plainText } from '../api.js';

/** An error message announced to screen readers. */
export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  const message = plainText(error instanceof Error ? error.message : String(error));
  const field =
    error instanceof ApiError && error.field && !message.includes(error.field) ? ` (${error.field})` : '';
  return (
    <p className="error" role="alert">
      {message}
      {field}
    </p>
  );
}
