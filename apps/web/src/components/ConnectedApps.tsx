import { useCallback, useEffect, useState } from 'react';
import { api, writeThenReload } from '../api.js';
import { formatTime } from '../format.js';
import type { Me } from '../types.js';
import { ErrorNote } from './ErrorNote.js';
import { ListTable } from './ListTable.js';

interface ConnectedApp {
  id: string;
  name: string;
  scope: 'READ' | 'WRITE';
  organization_ids: string[] | null;
  created_at: string;
  last_used_at: string | null;
  calls_30d: number;
  status: 'ACTIVE' | 'REVOKED';
}

/** Settings → API Tokens → Connected apps: the apps allowed through OAuth (claude.ai, ChatGPT, …), with disconnect. */
export function ConnectedApps({ me }: { me: Me }) {
  const [apps, setApps] = useState<ConnectedApp[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(() => {
    api<{ apps: ConnectedApp[] }>('/connected-apps').then((r) => setApps(r.apps), setError);
  }, []);
  useEffect(load, [load]);

  const disconnect = (id: string) =>
    writeThenReload(() => api(`/connected-apps/${id}`, { method: 'DELETE' }), { reload: load, setError });
  const orgNames = (ids: string[] | null) =>
    (ids ?? []).map((id) => me.organizations.find((o) => o.id === id)?.name ?? id).join(', ');
  const active = (apps ?? []).filter((a) => a.status === 'ACTIVE');

  return (
    <section className="stack" aria-labelledby="connected-apps">
      <h2 id="connected-apps">Connected apps</h2>
      <p className="hint">Apps you allowed through OAuth (for example claude.ai or ChatGPT).</p>
      <ErrorNote error={error} />
      {apps && active.length === 0 && <p>No connected apps.</p>}
      {active.length > 0 && (
        <ListTable
          caption="Your connected apps"
          hiddenCaption
          columns={[
            'App',
            'Access',
            'Organizations',
            'Connected',
            'Last used',
            { label: 'Calls 30 d', num: true },
          ]}
          actions
        >
          {active.map((a) => (
            <tr key={a.id} data-app-id={a.id}>
              <td>
                <strong>{a.name}</strong>
              </td>
              <td>{a.scope === 'WRITE' ? 'Read-write' : 'Read-only'}</td>
              <td>{orgNames(a.organization_ids)}</td>
              <td>{formatTime(a.created_at)}</td>
              <td>{a.last_used_at ? formatTime(a.last_used_at) : 'Never'}</td>
              <td className="num">{a.calls_30d}</td>
              <td>
                <button type="button" className="secondary" onClick={() => disconnect(a.id)}>
                  Disconnect
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </section>
  );
}
