/**
 * A button whose action asks first: `label` opens a labelled group with `confirmLabel` (the action)
 * and Keep. The page holds which row is `open`, so one row at a time asks.
 */
export function ConfirmButton({
  label,
  confirmLabel,
  question,
  open,
  onOpen,
  onKeep,
  onConfirm,
}: {
  label: string;
  confirmLabel: string;
  /** The group's accessible name, e.g. "Confirm revoking deploy-bot". */
  question: string;
  open: boolean;
  onOpen: () => void;
  onKeep: () => void;
  onConfirm: () => void;
}) {
  if (!open)
    return (
      <button type="button" className="secondary" onClick={onOpen}>
        {label}
      </button>
    );
  return (
    <fieldset className="confirm" aria-label={question}>
      <button type="button" className="danger" onClick={onConfirm}>
        {confirmLabel}
      </button>
      <button type="button" className="secondary" onClick={onKeep}>
        Keep
      </button>
    </fieldset>
  );
}
