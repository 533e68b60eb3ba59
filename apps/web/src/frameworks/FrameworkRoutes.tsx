import './frameworks.css';
import type { Organization } from '../types.js';
import { FrameworkPage } from './FrameworkPage.js';
import { FrameworksPage } from './FrameworksPage.js';
import { LibraryPage } from './LibraryPage.js';
import { SoaPage } from './SoaPage.js';

/** `/frameworks`, `/frameworks/library`, `/frameworks/:id` and `/frameworks/:id/soa`. */
export function FrameworkRoutes({ organization, path }: { organization: Organization; path: string }) {
  const id = path.split('/')[2];
  if (!id) return <FrameworksPage organization={organization} />;
  if (id === 'library') return <LibraryPage organization={organization} />;
  if (path.split('/')[3] === 'soa') {
    return <SoaPage key={id} organization={organization} frameworkId={decodeURIComponent(id)} />;
  }
  return <FrameworkPage key={id} organization={organization} frameworkId={decodeURIComponent(id)} />;
}
