import { useEffect, useRef } from 'react';
import type { CreatedToken } from '../types.js';
import { CopyButton } from './CopyButton.js';

/** The new secret, shown once, with the MCP address and a ready-to-paste client configuration. */
export function NewTokenSecret({ created, onDone }: { created: CreatedToken; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const config = JSON.stringify(created.client_config, null, 2);
  return (
    <section className="card stack secret" aria-labelledby="secret-title">
      <h2 id="secret-title" ref={heading} tabIndex={-1}>
        Token “{created.token.name}” created
      </h2>
      <p className="warning">Copy the token now. It is shown only once and cannot be retrieved later.</p>
      <label>
        Token
        <span className="copy-row">
          <input
            readOnly
            value={created.secret}
            data-testid="token-secret"
            onFocus={(e) => e.target.select()}
          />
          <CopyButton text={created.secret} label="Copy token" />
        </span>
      </label>
      <label>
        MCP address
        <span className="copy-row">
          <input readOnly value={created.mcp_url} onFocus={(e) => e.target.select()} />
          <CopyButton text={created.mcp_url} label="Copy address" />
        </span>
      </label>
      <div>
        <div className="copy-row spread">
          <span className="label-text">Client configuration (mcpServers)</span>
          <CopyButton text={config} label="Copy configuration" />
        </div>
        <pre className="code" data-testid="client-config">
          {config}
        </pre>
      </div>
      <div className="actions">
        <button type="button" onClick={onDone}>
          I have copied the token
        </button>
      </div>
    </section>
  );
}
