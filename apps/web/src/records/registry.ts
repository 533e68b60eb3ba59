import { type FormField, type RegisterForm, registerForms } from '@comply/schemas/forms';

export type { FormField, RegisterForm };

/** A register's generated form description, or undefined for an unknown name. */
export function formOf(register: string): RegisterForm | undefined {
  return Object.hasOwn(registerForms, register) ? registerForms[register] : undefined;
}

/** `measure_ids` / `measure_id` → `measures`, when that names a register. */
export function referencedRegister(field: string): string | undefined {
  const singular = field.replace(/_ids?$/, '');
  if (singular === field) return undefined;
  return Object.values(registerForms).find((f) => f.singular === singular)?.register;
}

/** How a record is named in links and headings. */
export function recordTitle(record: Record<string, unknown> | null | undefined): string {
  if (!record) return '';
  const reference = typeof record.reference === 'string' ? record.reference : '';
  const name = record.name ?? record.title;
  if (typeof name === 'string' && name) return reference ? `${reference} ${name}` : name;
  return reference || String(record.id ?? '');
}

/** `nonconformity` → `Nonconformity`. */
export function singularLabel(register: string): string {
  const singular = formOf(register)?.singular ?? register;
  const text = singular.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const recordPath = (register: string, id: string) =>
  `/registers/${register}/${encodeURIComponent(id)}`;

/**
 * Where a link to a record goes: its record page, except a framework, whose one page is its
 * coverage page (`/frameworks/:id`), wherever the link is (a measure's controls, an audit).
 */
export const linkPath = (register: string, id: string) =>
  register === 'frameworks' ? `/frameworks/${encodeURIComponent(id)}` : recordPath(register, id);

/** A field's label: `vendor_id` → Vendor, `measure_ids` → Measures, `due_date` → Due date. */
export function fieldLabel(name: string): string {
  const register = referencedRegister(name);
  const text = register ? (name.endsWith('_ids') ? register : name.replace(/_id$/, '')) : name;
  const spaced = text.replace(/_/g, ' ').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * Fields the console offers elsewhere: a framework typed in by hand has no library entry (the
 * Library page adopts those, with their baselines), so its form does not show `library_key`; an
 * evidence file is uploaded by its own form.
 */
const ELSEWHERE: Readonly<Record<string, readonly string[]>> = {
  frameworks: ['library_key', 'baseline'],
  // Files are uploaded (multipart, with progress), not pasted as base64.
  evidence: ['content_base64', 'filename', 'media_type'],
};

/** The fields of a register's add or edit form, as the console shows them. */
export function formFields({
  form,
  editing,
}: {
  form: RegisterForm;
  editing: boolean;
}): readonly FormField[] {
  const hidden = ELSEWHERE[form.register] ?? [];
  return (editing ? form.update : form.add).filter((f) => !hidden.includes(f.name));
}
