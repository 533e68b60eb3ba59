import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { formatDate } from '../format.js';
import type { Organization } from '../types.js';

interface Preferences {
  due_soon_days: number;
  overdue: boolean;
  digest: boolean;
  updated_at: string | null;
}

interface Answer {
  preferences: Preferences;
  mail_enabled: boolean;
}

/** The signed-in member's reminder e-mails from one organization: due soon, overdue, weekly digest. */
export function NotificationsPage({ organization }: { organization: Organization }) {
  const path = `/orgs/${organization.id}/notifications`;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    api<Answer>(path).then(setAnswer, setError);
  }, [path]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSaved(false);
    setError(null);
    try {
      const dueSoon = form.get('due_soon') === 'on';
      setAnswer(
        await api<Answer>(path, {
          method: 'PUT',
          body: {
            due_soon_days: dueSoon ? Number(form.get('due_soon_days')) : 0,
            overdue: form.get('overdue') === 'on',
            digest: form.get('digest') === 'on',
          },
        }),
      );
      setSaved(true);
    } catch (caught) {
      setError(caught);
    }
  };

  if (!answer) return error ? <ErrorNote error={error} /> : <p className="loading">Loading…</p>;
  const { preferences } = answer;
  return (
    <section>
      <h1>Notifications from {organization.name}</h1>
      {!answer.mail_enabled && (
        <p className="warning" role="note">
          This server sends no e-mail (no SMTP server is configured): your choices apply once one is.
        </p>
      )}
      <form onSubmit={submit} className="card stack narrow" aria-label="Reminder e-mails">
        <h2>Reminder e-mails</h2>
        <p>About the tasks assigned to you.</p>
        <label>
          <input name="due_soon" type="checkbox" defaultChecked={preferences.due_soon_days > 0} />
          Remind me before a task is due
        </label>
        <label>
          Days before the due date
          <input
            name="due_soon_days"
            type="number"
            min={1}
            max={30}
            required
            defaultValue={preferences.due_soon_days > 0 ? preferences.due_soon_days : 3}
          />
        </label>
        <label>
          <input name="overdue" type="checkbox" defaultChecked={preferences.overdue} />
          Tell me when a task becomes overdue
        </label>
        <label>
          <input name="digest" type="checkbox" defaultChecked={preferences.digest} />
          Send me a weekly digest of my open and overdue tasks
        </label>
        <ErrorNote error={error} />
        {saved && (
          <p className="success" role="status">
            Saved.
          </p>
        )}
        <button type="submit">Save</button>
        {preferences.updated_at && <p className="hint">Last changed {formatDate(preferences.updated_at)}.</p>}
      </form>
    </section>
  );
}
