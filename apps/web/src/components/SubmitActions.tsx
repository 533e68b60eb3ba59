/** A form's row of actions that holds only its submit button. */
export function SubmitActions({ label }: { label: string }) {
  return (
    <div className="actions">
      <button type="submit">{label}</button>
    </div>
  );
}
