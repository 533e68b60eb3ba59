import { RegisterPage } from '../pages/RegisterPage.js';
import type { Organization } from '../types.js';
import { EditRecordPage, NewRecordPage } from './RecordFormPage.js';
import { RecordPage } from './RecordPage.js';

/** `/registers/<register>[/new | /<id>[/edit]]`. */
export function RegisterRoutes({ organization, path }: { organization: Organization; path: string }) {
  const [, , register = 'risks', id, action] = path.split('/').map(decodeURIComponent);
  const key = `${organization.id}/${path}`;
  if (id === 'new') return <NewRecordPage key={key} organization={organization} register={register} />;
  if (id && action === 'edit')
    return <EditRecordPage key={key} organization={organization} register={register} id={id} />;
  if (id) return <RecordPage key={key} organization={organization} register={register} id={id} />;
  return (
    <RegisterPage key={`${organization.id}/${register}`} organization={organization} register={register} />
  );
}
