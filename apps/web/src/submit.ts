import { useState } from 'react';

/**
 * Runs a form's (or a button's) request with its busy and error state: `submit(fn)` clears the error
 * and holds `busy` while `fn` runs; a failure becomes `error`, for the ErrorNote, instead of being
 * thrown. `setError` is for a problem found before anything is sent.
 */
export function useSubmit() {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, submit };
}
