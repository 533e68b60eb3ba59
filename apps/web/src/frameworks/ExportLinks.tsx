const LABELS: Record<string, string> = {
  catalog: 'Catalog',
  'system-security-plan': 'System security plan',
  'assessment-results': 'Assessment results',
  'plan-of-action-and-milestones': 'Plan of action and milestones',
  'mapping-collection': 'Mapping collection',
};

/** Download links of OSCAL exports (the console's export endpoint answers with an attachment). */
export function ExportLinks({
  organizationId,
  models,
  frameworkId,
  label,
}: {
  organizationId: string;
  models: string[];
  frameworkId?: string;
  label: string;
}) {
  const query = frameworkId ? `?framework_id=${encodeURIComponent(frameworkId)}` : '';
  return (
    <ul className="downloads" aria-label={label}>
      {models.map((model) => (
        <li key={model}>
          <a href={`/api/console/orgs/${organizationId}/oscal/export/${model}${query}`} download>
            {LABELS[model] ?? model} (OSCAL JSON)
          </a>
        </li>
      ))}
    </ul>
  );
}
