import type { Storage } from '@comply/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { allMemberships } from '../console/access.js';
import { actingUser } from '../console/session.js';
import { consentCsp, consentPage, escapeHtml, page } from './consent-page.js';
import { consentPath } from './provider.js';
import { MCP_SCOPES, oauthScopesOf, WRITE_SCOPE } from './scopes.js';

type Server = () => Promise<{ provider: Provider; issuer: string; resource: string }>;

function html(reply: FastifyReply, status: number, body: string, redirectUri?: string) {
  return (
    reply
      .code(status)
      .header('content-security-policy', consentCsp(redirectUri))
      .header('cache-control', 'no-store')
      .header('x-frame-options', 'DENY')
      // same-origin, not no-referrer: with no-referrer Chromium sends `Origin: null` on the form's POST.
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(body)
  );
}

const problemPage = (reply: FastifyReply, status: number, message: string) =>
  html(
    reply,
    status,
    page({ title: 'Cannot connect', body: `<h1>Cannot connect the app</h1><p>${escapeHtml(message)}</p>` }),
  );

/** The console user who may consent: a pending second factor (or a missing, required one) is signed out here. */
const signedInUser = actingUser;

/**
 * The consent page of an OAuth authorization (`/oauth/consent/:uid`): the signed-in console user
 * sees which app (its name and where it sends them back), chooses the organizations and read-only
 * or read-write, and allows or denies. Allowing records the grant as a connected app.
 */
export async function registerConsent({
  app,
  storage,
  server,
}: {
  app: FastifyInstance;
  storage: Storage;
  server: Server;
}) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, new URLSearchParams(body as string)),
    );

    const details = async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
      const { provider } = await server();
      try {
        const found = await provider.interactionDetails(request.raw, reply.raw);
        return found.uid === request.params.uid ? { provider, found } : null;
      } catch {
        return null;
      }
    };

    scope.get<{ Params: { uid: string }; Querystring: { step?: string } }>(
      '/oauth/consent/:uid',
      async (request, reply) => {
        const interaction = await details(request, reply);
        if (!interaction) {
          return problemPage(
            reply,
            400,
            'This authorization request has expired or was started in another browser. Start again from the app.',
          );
        }
        const requested = String(interaction.found.params.scope ?? '').split(' ');
        if (!MCP_SCOPES.some((scope) => requested.includes(scope))) {
          // Nothing Comply grants was asked for: the library would refuse after consent; refuse now.
          const to = await interaction.provider.interactionResult(request.raw, reply.raw, {
            error: 'invalid_scope',
            error_description: `Request ${MCP_SCOPES.join(' and/or ')}.`,
          });
          return reply.redirect(to, 303);
        }
        const user = await signedInUser({ request, storage });
        const self = consentPath(interaction.found.uid);
        if (!user) {
          // Arriving from another site, a SameSite=Strict session cookie is withheld: one
          // same-site reload sends it; only then is the visitor really signed out.
          if (request.query.step !== 'reload') {
            return html(
              reply,
              200,
              page({
                title: 'Connecting',
                refresh: `${self}?step=reload`,
                body: `<p><a href="${escapeHtml(self)}?step=reload">Continue</a></p>`,
              }),
            );
          }
          const signIn = `/?return_to=${encodeURIComponent(self)}`;
          return html(
            reply,
            401,
            page({
              title: 'Sign in',
              body: `<h1>Sign in to Comply first</h1><p>To connect an app, <a href="${escapeHtml(signIn)}">sign in to the Comply console</a>, then come back to this page.</p>`,
            }),
          );
        }
        const { params } = interaction.found;
        const client = await interaction.provider.Client.find(String(params.client_id));
        if (!client) return problemPage(reply, 400, 'The app is not registered.');
        const organizations = await allMemberships({ storage, userId: user.id });
        if (organizations.length === 0) return problemPage(reply, 403, 'You belong to no organization yet.');
        return html(
          reply,
          200,
          consentPage({
            action: self,
            clientName: client.clientName ?? client.clientId,
            clientId: client.clientId,
            redirectHost: new URL(String(params.redirect_uri)).host,
            userEmail: user.email,
            organizations,
            writeRequested: String(params.scope ?? '')
              .split(' ')
              .includes(WRITE_SCOPE),
          }),
          String(params.redirect_uri),
        );
      },
    );

    scope.post<{ Params: { uid: string }; Body: URLSearchParams }>(
      '/oauth/consent/:uid',
      async (request, reply) => {
        const { issuer } = await server();
        // A form posted from another site carries its Origin: only this server's own page may decide.
        if (request.headers.origin !== issuer)
          return problemPage(reply, 403, 'The form was not sent from this server.');
        const interaction = await details(request, reply);
        if (!interaction)
          return problemPage(reply, 400, 'This authorization request has expired. Start again from the app.');
        const user = await signedInUser({ request, storage });
        if (!user) return problemPage(reply, 401, 'Sign in to the Comply console first.');
        const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
        const { provider, found } = interaction;
        if (form.get('decision') !== 'approve') {
          const to = await provider.interactionResult(request.raw, reply.raw, {
            error: 'access_denied',
            error_description: 'The user denied access.',
          });
          return reply.redirect(to, 303);
        }
        const clientId = String(found.params.client_id);
        const client = await provider.Client.find(clientId);
        if (!client) return problemPage(reply, 400, 'The app is not registered.');
        const roles = new Map(
          (await allMemberships({ storage, userId: user.id })).map((o) => [o.id, o.role]),
        );
        const chosen = form.getAll('organization_id');
        if (chosen.length === 0 || chosen.some((id) => !roles.has(id))) {
          return problemPage(reply, 400, 'Choose at least one of your organizations.');
        }
        // An auditor's connection reaches the audited organization alone, reads only and ends with
        // the access (storage caps its expiry): docs/identity.md, "Auditor access".
        const audits = chosen.some((id) => roles.get(id) === 'AUDITOR');
        if (audits && chosen.length > 1) {
          return problemPage(
            reply,
            400,
            'You are an auditor of one of these organizations: connect the app to that organization alone.',
          );
        }
        const requestedWrite = String(found.params.scope ?? '')
          .split(' ')
          .includes(WRITE_SCOPE);
        const scope = form.get('access') === 'write' && requestedWrite && !audits ? 'WRITE' : 'READ';
        const { resource } = await server();
        const grant = new provider.Grant({ accountId: user.id, clientId });
        // The scopes are both OAuth scopes of the request and the resource's scopes: grant (or
        // reject) them as both, so the library finds nothing left to ask.
        grant.addOIDCScope(oauthScopesOf(scope));
        grant.addResourceScope(resource, oauthScopesOf(scope));
        if (scope === 'READ') {
          grant.rejectOIDCScope(WRITE_SCOPE);
          grant.rejectResourceScope(resource, WRITE_SCOPE);
        }
        const grantId = await grant.save();
        await storage.tokens.createGrant({
          userId: user.id,
          grantId,
          clientId,
          clientName: client.clientName ?? clientId,
          scope,
          organizationIds: chosen,
        });
        const to = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: user.id }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(to, 303);
      },
    );
  });
}
