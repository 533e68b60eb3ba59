/** The new password and its repetition, as the account page and the reset page ask for them. */
export function NewPasswordFields() {
  return (
    <>
      <label>
        New password <span className="hint">(at least 12 characters)</span>
        <input name="new_password" type="password" required minLength={12} autoComplete="new-password" />
      </label>
      <label>
        Repeat the new password
        <input name="confirm" type="password" required minLength={12} autoComplete="new-password" />
      </label>
    </>
  );
}

/** A form's success message, announced to screen readers; nothing while `text` is null. */
export function SuccessNote({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className="success" role="status">
      {text}
    </p>
  );
}

/** The error to show when a form's `field` and its repetition (`confirm`) differ; null when they match. */
export function passwordMismatch(form: FormData, field: 'password' | 'new_password'): Error | null {
  if (form.get(field) === form.get('confirm')) return null;
  return new Error(field === 'new_password' ? 'The two new passwords differ.' : 'The two passwords differ.');
}
