/**
 * Back/forward buttons over a listing's pages, kept as the stack of cursors that reached them
 * (the first page's is undefined), with the page number when `showPage` is set.
 */
export function CursorPager({
  cursors,
  onChange,
  next,
  labels,
  showPage = false,
}: {
  cursors: (string | undefined)[];
  onChange: (cursors: (string | undefined)[]) => void;
  next: string | null | undefined;
  /** The back and forward buttons' text, e.g. ['Previous page', 'Next page']. */
  labels: readonly [string, string];
  showPage?: boolean;
}) {
  return (
    <div className="actions">
      <button
        type="button"
        className="secondary"
        disabled={cursors.length < 2}
        onClick={() => onChange(cursors.slice(0, -1))}
      >
        {labels[0]}
      </button>
      {showPage && <span className="hint">Page {cursors.length}</span>}
      <button
        type="button"
        className="secondary"
        disabled={!next}
        onClick={() => next && onChange([...cursors, next])}
      >
        {labels[1]}
      </button>
    </div>
  );
}
