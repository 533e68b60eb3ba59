/** A form's row of actions that holds only its submit button. */
export function SubmitActions({ label }: { label: string }) {
  return (
    <div className="actions">
      <button type="submit">{label}</button>
    </div>
  );
}

/** A form's submit button in its own paragraph, disabled and saying `busyLabel` while `busy`. */
export function BusySubmit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <p>
      <button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </p>
  );
}
