import { useCallback, useEffect, useState } from 'react';
import { api, setUnauthorizedHandler } from './api.js';
import { Layout } from './components/Layout.js';
import { FrameworkRoutes } from './frameworks/FrameworkRoutes.js';
import { AccountPage } from './pages/AccountPage.js';
import { ActivityPage } from './pages/ActivityPage.js';
import { DashboardPage } from './pages/DashboardPage.js';
import { InvitationPage } from './pages/InvitationPage.js';
import { MembersPage } from './pages/MembersPage.js';
import { NotificationsPage } from './pages/NotificationsPage.js';
import { ForgotPasswordPage, ResetPasswordPage } from './pages/PasswordResetPages.js';
import { SetupPage } from './pages/SetupPage.js';
import { SignInPage } from './pages/SignInPage.js';
import { TokensPage } from './pages/TokensPage.js';
import { WebhooksPage } from './pages/WebhooksPage.js';
import { RegisterRoutes } from './records/RegisterRoutes.js';
import { returnTo } from './return-to.js';
import { navigate, usePath } from './router.js';
import type { Me } from './types.js';

const ORG_KEY = 'comply.organization';
/** Pages shown without a session. */
const PUBLIC_PATHS = new Set(['/setup', '/signin', '/invitation', '/forgot-password', '/reset-password']);

/** Loads the session, then routes between the public pages (setup, sign-in) and the signed-in console. */
export function App() {
  const path = usePath();
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [orgId, setOrgId] = useState<string | null>(() => localStorage.getItem(ORG_KEY));

  const signedOut = useCallback(() => setMe(null), []);
  useEffect(() => {
    setUnauthorizedHandler(signedOut);
    api<Me>('/session').then(setMe, () => setMe(null));
  }, [signedOut]);

  useEffect(() => {
    if (me === null && !PUBLIC_PATHS.has(path)) {
      api<{ needed: boolean }>('/setup').then(
        (s) => navigate(s.needed ? '/setup' : '/signin'),
        () => navigate('/signin'),
      );
    }
  }, [me, path]);

  const signedIn = async (next: Me) => {
    const back = returnTo();
    // An app's consent page sent the user to sign in: go back to it (a server page, not the SPA).
    if (back) return window.location.assign(back);
    // The session's own view also says whether an organization requires a second factor.
    setMe(await api<Me>('/session').catch(() => next));
    navigate('/');
  };
  const selectOrg = (id: string) => {
    localStorage.setItem(ORG_KEY, id);
    setOrgId(id);
  };

  if (path === '/setup') return <SetupPage onDone={signedIn} />;
  if (me === undefined) return <p className="loading">Loading…</p>;
  if (path === '/invitation') return <InvitationPage me={me} onJoined={signedIn} />;
  if (path === '/forgot-password') return <ForgotPasswordPage />;
  if (path === '/reset-password') return <ResetPasswordPage />;
  if (me === null) return <SignInPage onSignedIn={signedIn} />;

  const organization = me.organizations.find((o) => o.id === orgId) ?? me.organizations[0] ?? null;
  const factorMissing = me.second_factor?.required === true && !me.second_factor.enabled;
  const page = (() => {
    // Until the second factor an organization requires is set up, only the account page works.
    if (factorMissing || path.startsWith('/settings/account'))
      return <AccountPage onSecondFactorChanged={() => api<Me>('/session').then(setMe, signedOut)} />;
    if (path.startsWith('/settings/tokens')) return <TokensPage me={me} />;
    if (path.startsWith('/settings/account')) return <AccountPage />;
    if (!organization) return <p>You are not a member of any organization yet.</p>;
    if (path.startsWith('/registers/')) return <RegisterRoutes organization={organization} path={path} />;
    if (path === '/frameworks' || path.startsWith('/frameworks/'))
      return <FrameworkRoutes key={organization.id} organization={organization} path={path} />;
    if (path.startsWith('/activity'))
      return <ActivityPage key={organization.id} organization={organization} />;
    if (path.startsWith('/settings/notifications'))
      return <NotificationsPage key={organization.id} organization={organization} />;
    if (path.startsWith('/settings/webhooks'))
      return <WebhooksPage key={organization.id} organization={organization} />;
    if (path.startsWith('/members'))
      return <MembersPage key={organization.id} organization={organization} me={me} />;
    return (
      <DashboardPage
        key={organization.id}
        organization={organization}
        onOrganizationAdded={(added) => {
          setMe({ ...me, organizations: [...me.organizations, added] });
          selectOrg(added.id);
        }}
      />
    );
  })();

  return (
    <Layout
      me={me}
      organization={organization}
      onSelectOrganization={selectOrg}
      onOrganizationsChanged={(organizations) => setMe({ ...me, organizations })}
      onSignOut={async () => {
        await api('/session', { method: 'DELETE' }).catch(() => undefined);
        setMe(null);
        navigate('/signin');
      }}
      path={path}
    >
      {page}
    </Layout>
  );
}
