/** HTML-escapes text for element content and quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}' +
  'fieldset{margin:1rem 0;border:1px solid #ccc;border-radius:6px}button{font-size:1rem;padding:.5rem 1rem;margin-right:.5rem}' +
  '.host{font-family:monospace}';

/**
 * Inline styles only, no script, never framed; the form posts only here, and its redirects may end
 * only at the app's registered redirect URI (browsers apply form-action to redirects too).
 */
export function consentCsp(redirectUri?: string): string {
  const parsed = redirectUri ? URL.parse(redirectUri) : null;
  let target = '';
  if (parsed) {
    const web = parsed.protocol === 'https:' || parsed.protocol === 'http:';
    const source = web ? parsed.origin : parsed.protocol;
    // A source expression of a URL the client registered; anything odd is left out.
    if (/^[a-z][a-z0-9+.-]*:(\/\/[a-z0-9.:[\]-]+)?$/i.test(source)) target = ` ${source}`;
  }
  return `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${target}; frame-ancestors 'none'; base-uri 'none'`;
}

/** A complete page around `body`. */
export function page({ title, body, refresh }: { title: string; body: string; refresh?: string }): string {
  const meta = refresh ? `<meta http-equiv="refresh" content="0;url=${escapeHtml(refresh)}">` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">${meta}<title>${escapeHtml(title)} · Comply</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The consent form: which app, where it sends you back, which organizations, read-only or read-write. */
export function consentPage({
  action,
  clientName,
  clientId,
  redirectHost,
  userEmail,
  organizations,
  writeRequested,
}: {
  action: string;
  clientName: string;
  clientId: string;
  redirectHost: string;
  userEmail: string;
  organizations: { id: string; name: string; role: string }[];
  writeRequested: boolean;
}): string {
  const orgs = organizations
    .map(
      (o) =>
        `<label><input type="checkbox" name="organization_id" value="${escapeHtml(o.id)}" checked> ${escapeHtml(o.name)} <small>(${escapeHtml(o.role)})</small></label><br>`,
    )
    .join('');
  const write = writeRequested
    ? `<label><input type="radio" name="access" value="write" checked> Read and change records (read-write)</label><br>`
    : '';
  const readChecked = writeRequested ? '' : ' checked';
  return page({
    title: 'Connect an app',
    body: `<h1>Connect ${escapeHtml(clientName)} to Comply?</h1>
<p><strong>${escapeHtml(clientName)}</strong> wants to use Comply's MCP tools as <strong>${escapeHtml(userEmail)}</strong>.
After you decide, you are sent back to <span class="host">${escapeHtml(redirectHost)}</span>.</p>
<p><small>Client: <span class="host">${escapeHtml(clientId)}</span></small></p>
<form method="post" action="${escapeHtml(action)}">
<fieldset><legend>Organizations it may use</legend>${orgs}</fieldset>
<fieldset><legend>Access</legend>${write}<label><input type="radio" name="access" value="read"${readChecked}> Read only</label></fieldset>
<p>You can disconnect it at any time in Settings → API Tokens → Connected apps.</p>
<button type="submit" name="decision" value="approve">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  });
}
