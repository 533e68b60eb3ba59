import { useEffect, useState } from 'react';

const listeners = new Set<() => void>();

/** Moves to `path` (with its query) without a reload; back and forward return to it. */
export function navigate(path: string) {
  if (path === window.location.pathname + window.location.search) return;
  window.history.pushState(null, '', path);
  for (const listener of listeners) listener();
}

/** A value read from the location, re-read on navigation and the back and forward buttons. */
function useLocationPart(read: () => string): string {
  const [value, setValue] = useState(read);
  useEffect(() => {
    const update = () => setValue(read());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, [read]);
  return value;
}

const readPath = () => window.location.pathname;
const readSearch = () => window.location.search;

/** The current path, re-rendering on navigation and the back button. */
export function usePath(): string {
  return useLocationPart(readPath);
}

/** The current query string (`?status=OPEN`), so that a view's filters live in its URL. */
export function useSearch(): string {
  return useLocationPart(readSearch);
}
