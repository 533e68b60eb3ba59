import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api, writeThenReload } from '../api.js';
import { CopyButton } from '../components/CopyButton.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { ListTable } from '../components/ListTable.js';
import { formatDate } from '../format.js';
import type { Organization } from '../types.js';

interface Endpoint {
  id: string;
  url: string;
  description: string | null;
  event_types: string[];
  enabled: boolean;
  created_at: string;
}

interface Delivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  last_response_status: number | null;
  created_at: string;
}

interface Attempt {
  id: string;
  attempt: number;
  started_at: string;
  duration_ms: number;
  response_status: number | null;
  error: string | null;
  response_body: string | null;
  ok: boolean;
}

/** The organization's webhooks (owners and admins): endpoints, recent deliveries, attempts, replay. */
export function WebhooksPage({ organization }: { organization: Organization }) {
  const base = `/orgs/${organization.id}`;
  const [endpoints, setEndpoints] = useState<Endpoint[]>([]);
  const [eventTypes, setEventTypes] = useState<string[]>([]);
  const [deliveries, setDeliveries] = useState<Delivery[]>([]);
  const [attempts, setAttempts] = useState<{ deliveryId: string; rows: Attempt[] } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const allowed = organization.role === 'OWNER' || organization.role === 'ADMIN';

  const load = useCallback(() => {
    if (!allowed) return;
    api<{ endpoints: Endpoint[]; event_types: string[] }>(`${base}/webhooks`).then((r) => {
      setEndpoints(r.endpoints);
      setEventTypes(r.event_types);
    }, setError);
    api<{ deliveries: Delivery[] }>(`${base}/webhook-deliveries?limit=50`).then(
      (r) => setDeliveries(r.deliveries),
      setError,
    );
  }, [base, allowed]);
  useEffect(load, [load]);

  const act = (write: () => Promise<unknown>) => writeThenReload(write, { reload: load, setError });

  const add = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      const created = await api<{ secret: string }>(`${base}/webhooks`, {
        method: 'POST',
        body: {
          url,
          event_types: chosen.length ? chosen : eventTypes,
          description: description || null,
        },
      });
      setSecret(created.secret);
      setUrl('');
      setDescription('');
    });
  };

  const showAttempts = (deliveryId: string) =>
    act(async () => {
      const r = await api<{ attempts: Attempt[] }>(`${base}/webhook-deliveries/${deliveryId}/attempts`);
      setAttempts({ deliveryId, rows: r.attempts });
    });

  if (!allowed)
    return (
      <section className="stack">
        <h1>Webhooks</h1>
        <p>Only owners and admins manage the organization's webhooks.</p>
      </section>
    );
  const urlOf = (endpointId: string) => endpoints.find((e) => e.id === endpointId)?.url ?? endpointId;
  return (
    <section className="stack">
      <h1>Webhooks of {organization.name}</h1>
      <p className="hint">
        Comply POSTs each event to your endpoints, signed as Standard Webhooks describes (headers webhook-id,
        webhook-timestamp, webhook-signature), and retries failures with growing delays.
      </p>
      <form className="stack" onSubmit={add} aria-label="Add an endpoint">
        <label>
          Endpoint URL (https)
          <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />
        </label>
        <label>
          Description
          <input value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <fieldset>
          <legend>Events (none chosen: all)</legend>
          {eventTypes.map((type) => (
            <label key={type}>
              <input
                type="checkbox"
                checked={chosen.includes(type)}
                onChange={(e) =>
                  setChosen(e.target.checked ? [...chosen, type] : chosen.filter((t) => t !== type))
                }
              />{' '}
              {type}
            </label>
          ))}
        </fieldset>
        <button type="submit">Add endpoint</button>
      </form>
      {secret && (
        <div className="card stack secret" role="status">
          <p>
            Signing secret of the new endpoint, shown this once:{' '}
            <code data-testid="webhook-secret">{secret}</code>{' '}
            <CopyButton text={secret} label="Copy secret" />
          </p>
          <button type="button" className="secondary" onClick={() => setSecret(null)}>
            Done
          </button>
        </div>
      )}
      <ErrorNote error={error} />
      <ListTable caption="Endpoints" columns={['URL', 'Events', 'State', 'Added']} actions>
        {endpoints.map((endpoint) => (
          <tr key={endpoint.id}>
            <td>
              {endpoint.url}
              {endpoint.description && <span className="hint"> — {endpoint.description}</span>}
            </td>
            <td>{endpoint.event_types.join(', ')}</td>
            <td>{endpoint.enabled ? 'Enabled' : 'Disabled'}</td>
            <td>{formatDate(endpoint.created_at)}</td>
            <td>
              <button
                type="button"
                className="secondary"
                onClick={() =>
                  act(() =>
                    api(`${base}/webhooks/${endpoint.id}`, {
                      method: 'PATCH',
                      body: { enabled: !endpoint.enabled },
                    }),
                  )
                }
              >
                {endpoint.enabled ? 'Disable' : 'Enable'}
              </button>{' '}
              <button
                type="button"
                className="danger"
                onClick={() => act(() => api(`${base}/webhooks/${endpoint.id}`, { method: 'DELETE' }))}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </ListTable>
      <ListTable
        caption={
          <>
            Recent deliveries{' '}
            <button type="button" className="secondary" onClick={load}>
              Refresh
            </button>
          </>
        }
        columns={['Event', 'Endpoint', 'Status', 'Attempts', 'Last response', 'Created']}
        actions
      >
        {deliveries.map((delivery) => (
          <tr key={delivery.id}>
            <td>
              {delivery.event_type} <span className="hint">{delivery.event_id}</span>
            </td>
            <td>{urlOf(delivery.endpoint_id)}</td>
            <td>{delivery.status}</td>
            <td>{delivery.attempts}</td>
            <td>{delivery.last_response_status ?? '—'}</td>
            <td>{formatDate(delivery.created_at)}</td>
            <td>
              <button type="button" className="secondary" onClick={() => showAttempts(delivery.id)}>
                Attempts
              </button>{' '}
              <button
                type="button"
                onClick={() =>
                  act(() => api(`${base}/webhook-deliveries/${delivery.id}/replay`, { method: 'POST' }))
                }
              >
                Replay
              </button>
            </td>
          </tr>
        ))}
      </ListTable>
      {attempts && (
        <ListTable
          caption={`Attempts of ${attempts.deliveryId}`}
          columns={['#', 'Started', 'Duration', 'Response', 'Body or error']}
        >
          {attempts.rows.map((attempt) => (
            <tr key={attempt.id}>
              <td>{attempt.attempt}</td>
              <td>{new Date(attempt.started_at).toLocaleString()}</td>
              <td>{attempt.duration_ms} ms</td>
              <td>{attempt.response_status ?? '—'}</td>
              <td>{attempt.error ?? attempt.response_body ?? ''}</td>
            </tr>
          ))}
        </ListTable>
      )}
    </section>
  );
}
