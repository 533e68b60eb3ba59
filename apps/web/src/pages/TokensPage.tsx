import { useCallback, useEffect, useState } from 'react';
import { api, writeThenReload } from '../api.js';
import { ConfirmButton } from '../components/ConfirmButton.js';
import { ConnectedApps } from '../components/ConnectedApps.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { ListTable } from '../components/ListTable.js';
import { NewTokenSecret } from '../components/NewTokenSecret.js';
import { TokenForm } from '../components/TokenForm.js';
import { formatTime } from '../format.js';
import type { CreatedToken, Me, Token } from '../types.js';

/** Settings → API Tokens: generate, list with usage, revoke. */
export function TokensPage({ me }: { me: Me }) {
  const [tokens, setTokens] = useState<Token[] | null>(null);
  const [mcpUrl, setMcpUrl] = useState('');
  const [mode, setMode] = useState<'list' | 'form'>('list');
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const load = useCallback(() => {
    api<{ tokens: Token[]; mcp_url: string }>('/tokens').then((r) => {
      setTokens(r.tokens);
      setMcpUrl(r.mcp_url);
    }, setError);
  }, []);
  useEffect(load, [load]);

  const orgNames = (ids: string[] | null) =>
    ids === null ? 'All' : ids.map((id) => me.organizations.find((o) => o.id === id)?.name ?? id).join(', ');

  const revoke = (id: string) =>
    writeThenReload(
      async () => {
        await api(`/tokens/${id}`, { method: 'DELETE' });
        setConfirming(null);
      },
      { reload: load, setError },
    );

  return (
    <section className="stack">
      <div className="page-head">
        <h1>API Tokens</h1>
        {mode === 'list' && !created && (
          <button type="button" onClick={() => setMode('form')}>
            Generate New Token
          </button>
        )}
      </div>
      <p className="hint">
        Tokens let AI assistants and programs use Comply at <code>{mcpUrl}</code> with the header{' '}
        <code>Authorization: Bearer &lt;token&gt;</code>. Use one token per integration and environment.
      </p>
      {mode === 'form' && (
        <TokenForm
          me={me}
          onCancel={() => setMode('list')}
          onCreated={(next) => {
            setCreated(next);
            setMode('list');
            load();
          }}
        />
      )}
      {created && <NewTokenSecret created={created} onDone={() => setCreated(null)} />}
      <ErrorNote error={error} />
      {tokens && tokens.length === 0 && <p>No tokens yet.</p>}
      {tokens && tokens.length > 0 && (
        <ListTable
          caption="Your API tokens"
          hiddenCaption
          columns={[
            'Name',
            'Scope',
            'Organizations',
            'Created',
            'Expires',
            'Last used',
            { label: 'Calls 24 h', num: true },
            { label: 'Calls 30 d', num: true },
            'Status',
          ]}
          actions
        >
          {tokens.map((t) => (
            <tr key={t.id} data-token-id={t.id}>
              <td>
                <strong>{t.name}</strong>
                <div className="mono hint">{t.prefix}…</div>
              </td>
              <td>{t.scope === 'WRITE' ? 'Read-write' : 'Read-only'}</td>
              <td>{orgNames(t.organization_ids)}</td>
              <td>{formatTime(t.created_at)}</td>
              <td>{t.expires_at ? formatTime(t.expires_at) : <span className="badge warn">Never</span>}</td>
              <td>
                {t.last_used_at ? (
                  <>
                    {formatTime(t.last_used_at)}
                    <div className="hint">
                      {t.last_used_ip} · {t.last_used_client ?? 'unknown client'}
                    </div>
                  </>
                ) : (
                  'Never'
                )}
              </td>
              <td className="num" data-testid="calls-24h">
                {t.calls_24h}
              </td>
              <td className="num">{t.calls_30d}</td>
              <td>
                <span className={`badge ${t.status.toLowerCase()}`}>{t.status.toLowerCase()}</span>
                {t.rotation_due && <div className="badge warn">Older than 90 days: rotate</div>}
              </td>
              <td>
                {t.status === 'ACTIVE' && (
                  <ConfirmButton
                    label="Revoke"
                    confirmLabel="Revoke now"
                    question={`Confirm revoking ${t.name}`}
                    open={confirming === t.id}
                    onOpen={() => setConfirming(t.id)}
                    onKeep={() => setConfirming(null)}
                    onConfirm={() => revoke(t.id)}
                  />
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <ConnectedApps me={me} />
    </section>
  );
}
