import { type FormEvent, useState } from 'react';
import { dayFromToday, endOfDay, MAX_ACCESS_DAYS } from '../roles.js';

/**
 * The end of an auditor's access, as a date and a button: making someone an auditor, or moving an
 * auditor's end (earlier ends their tokens for the organization sooner too).
 */
export function AccessEndForm({
  email,
  current,
  label,
  onSave,
  onCancel,
}: {
  email: string;
  current: string | null;
  label: string;
  onSave: (expiresAt: string) => void;
  onCancel?: () => void;
}) {
  const [day, setDay] = useState(
    (current ?? new Date(Date.now() + 90 * 86_400_000).toISOString()).slice(0, 10),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave(endOfDay(day));
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label={`End of access of ${email}`}>
      <label>
        Access ends on
        <input
          type="date"
          required
          min={dayFromToday(0)}
          max={dayFromToday(MAX_ACCESS_DAYS)}
          value={day}
          onChange={(e) => setDay(e.target.value)}
        />
      </label>
      <button type="submit">{label}</button>
      {onCancel && (
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}
