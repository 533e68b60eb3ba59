import { ErrorNote } from '../components/ErrorNote.js';
import { Link } from '../components/Link.js';
import { EvidenceUpload } from '../evidence/EvidenceUpload.js';
import { humanize } from '../format.js';
import { roleCanWrite } from '../roles.js';
import { navigate } from '../router.js';
import type { Organization } from '../types.js';
import { RecordForm } from './RecordForm.js';
import { type RecordPageProps, useRecord } from './RecordPage.js';
import { formOf, recordPath, recordTitle, singularLabel } from './registry.js';

/** `/registers/<register>/new`: the add form. */
export function NewRecordPage({ organization, register }: { organization: Organization; register: string }) {
  const form = formOf(register);
  if (!form) return <p>The {register} register has no add form.</p>;
  if (!roleCanWrite(organization.role)) return <p>Your role reads only: it cannot add records.</p>;
  return (
    <section className="stack narrow">
      <p>
        <Link to={`/registers/${register}`}>← {humanize(register)}</Link>
      </p>
      <h1>New {singularLabel(register).toLowerCase()}</h1>
      {register === 'evidence' && (
        <>
          <EvidenceUpload
            organizationId={organization.id}
            onUploaded={(saved) => navigate(recordPath(register, String(saved.id)))}
          />
          <h2>Or a link or a statement</h2>
        </>
      )}
      <RecordForm
        organization={organization}
        form={form}
        onSaved={(saved) => navigate(recordPath(register, String(saved.id)))}
      />
    </section>
  );
}

/** `/registers/<register>/<id>/edit`: the update form of a record as just read. */
export function EditRecordPage({ organization, register, id }: RecordPageProps) {
  const form = formOf(register);
  const { record, error, reload } = useRecord({ organizationId: organization.id, register, id });
  if (!form?.tools.update) return <p>The {register} register has no edit form.</p>;
  if (!roleCanWrite(organization.role)) return <p>Your role reads only: it cannot change records.</p>;
  return (
    <section className="stack narrow">
      <p>
        <Link to={recordPath(register, id)}>← Back to the {singularLabel(register).toLowerCase()}</Link>
      </p>
      <h1>
        Edit {singularLabel(register).toLowerCase()}
        {record ? `: ${recordTitle(record)}` : ''}
      </h1>
      <ErrorNote error={error} />
      {record && (
        <RecordForm
          organization={organization}
          form={form}
          record={record}
          onReload={reload}
          onSaved={() => navigate(recordPath(register, id))}
        />
      )}
    </section>
  );
}
