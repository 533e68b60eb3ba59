import { registers } from '@comply/schemas/registers';
import { type ReactNode, useEffect, useState } from 'react';
import { formatDate, humanize } from '../format.js';
import type { Me, Organization } from '../types.js';
import { Link } from './Link.js';
import { NewOrganizationDialog } from './NewOrganizationDialog.js';

/** The registers in navigation order, each with its console page (from the register catalog). */
const NAVIGATION = Object.values(registers)
  .map((r) => ({ plural: r.plural, ...r.console }))
  .sort((a, b) => a.navigation - b.navigation);

/** The signed-in member's open tasks, soonest due (so overdue) first: the tasks register's view. */
export const MY_TASKS = '/registers/tasks?assignee=mine&status=OPEN,IN_PROGRESS';

/** `management_reviews` → `Management reviews`: a register's name as the navigation shows it. */
const navLabel = (plural: string) => plural.charAt(0).toUpperCase() + plural.slice(1).replace(/_/g, ' ');

/** The signed-in frame: header with the organization switch, navigation, and the page. */
export function Layout({
  me,
  organization,
  onSelectOrganization,
  onOrganizationsChanged,
  onSignOut,
  path,
  children,
}: {
  me: Me;
  organization: Organization | null;
  onSelectOrganization: (id: string) => void;
  onOrganizationsChanged: (organizations: Organization[]) => void;
  onSignOut: () => void;
  path: string;
  children: ReactNode;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu whenever the page changes
  useEffect(() => setMenuOpen(false), [path]);
  const item = (to: string, label: string) => (
    <li>
      <Link to={to} current={to === '/' ? path === '/' : path.startsWith(to)}>
        {label}
      </Link>
    </li>
  );
  return (
    <div className="shell">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <button
          type="button"
          className="menu-toggle secondary"
          aria-expanded={menuOpen}
          aria-controls="nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <span className="brand">Comply</span>
        {me.organizations.length > 0 && (
          <label className="org-switch">
            <span>Organization</span>
            <select value={organization?.id ?? ''} onChange={(e) => onSelectOrganization(e.target.value)}>
              {me.organizations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {/* The role once, for the organization shown, rather than in every option's name. */}
        {organization && (
          <span className="hint org-role">
            Role: {humanize(organization.role).toLowerCase()}
            {organization.access_expires_at && ` until ${formatDate(organization.access_expires_at)}`}
          </span>
        )}
        <NewOrganizationDialog
          onCreated={(created) => {
            onOrganizationsChanged([...me.organizations, created]);
            onSelectOrganization(created.id);
          }}
        />
        <span className="who">{me.user.email}</span>
        <button type="button" className="secondary" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <nav id="nav" className={menuOpen ? 'sidebar open' : 'sidebar'} aria-label="Main">
        <ul>
          {item('/', 'Dashboard')}
          {item(MY_TASKS, 'My tasks')}
          <li className="group">Registers</li>
          {NAVIGATION.map((r) => item(r.path, navLabel(r.plural)))}
          <li className="group">Organization</li>
          {item('/activity', 'Activity')}
          {organization?.role !== 'AUDITOR' && item('/members', 'Members')}
          <li className="group">Settings</li>
          {item('/settings/tokens', 'API Tokens')}
          {organization &&
            organization.role !== 'AUDITOR' &&
            item('/settings/notifications', 'Notifications')}
          {organization &&
            (organization.role === 'OWNER' || organization.role === 'ADMIN') &&
            item('/settings/webhooks', 'Webhooks')}
          {item('/settings/account', 'Account')}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
