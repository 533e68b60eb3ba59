import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api } from '../api.js';
import { useSubmit } from '../submit.js';
import type { Organization } from '../types.js';
import { ErrorNote } from './ErrorNote.js';

/**
 * The header's "New organization" button and its modal dialog (a native `<dialog>`: focus stays in
 * it, Escape closes it): a name, then the organization is created and chosen.
 */
export function NewOrganizationDialog({ onCreated }: { onCreated: (organization: Organization) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState('');
  const { error, setError, busy, submit } = useSubmit();
  // The form exists only while the dialog is open, so its "Name" is not a second, hidden field
  // labelled Name on every page.
  const [isOpen, setOpen] = useState(false);

  useEffect(() => {
    if (isOpen && !dialog.current?.open) dialog.current?.showModal();
  }, [isOpen]);

  const open = () => {
    setName('');
    setError(null);
    setOpen(true);
  };
  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(new Error('Enter a name for the organization.'));
      return;
    }
    await submit(async () => {
      const { organization } = await api<{ organization: Organization }>('/orgs', {
        method: 'POST',
        body: { name: name.trim() },
      });
      dialog.current?.close();
      onCreated(organization);
    });
  };

  return (
    <>
      <button type="button" className="link-button" onClick={open}>
        New organization
      </button>
      <dialog
        ref={dialog}
        className="card dialog"
        aria-labelledby="new-org-title"
        onClose={() => setOpen(false)}
      >
        {isOpen && (
          <form className="stack" onSubmit={create} noValidate>
            <h2 id="new-org-title">New organization</h2>
            <p className="hint">A separate set of registers, frameworks and members. You become its owner.</p>
            <label>
              Name
              <input
                name="name"
                required
                maxLength={200}
                autoComplete="organization"
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            </label>
            <ErrorNote error={error} />
            <div className="actions">
              <button type="submit" disabled={busy}>
                Create organization
              </button>
              <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
