import type { FieldIssue, FormField } from '@comply/schemas/forms';
import { fieldLabel } from './registry.js';
import type { Raw } from './values.js';

export type { FieldIssue };

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);

/** `due_date` → `due date`, `vendor_id` → `vendor`: the label as it reads inside a sentence. */
const noun = (field: FormField) => fieldLabel(field.name).toLowerCase();

const isChoice = (field: FormField) => ['enum', 'id', 'boolean'].includes(field.kind);
const isMany = (field: FormField) => ['enums', 'ids', 'strings', 'objects'].includes(field.kind);
const isNumber = (field: FormField) => field.kind === 'integer' || field.kind === 'number';

const FORMATS: Record<string, string> = {
  email: 'an email address such as name@example.com',
  url: 'a web address starting with https://',
  date: 'a date',
  datetime: 'a date and time',
  'date-time': 'a date and time',
};

/** "1 to 5", "at least 1", "at most 5", from the field's bounds (the issue's when the form has none). */
function range({ min, max }: { min: number | undefined; max: number | undefined }): string {
  if (min !== undefined && max !== undefined) return `${min} to ${max}`;
  if (min !== undefined) return `${min} or more`;
  return `${max} or less`;
}

/**
 * The plain sentence for one problem at a form field, worded from the field's kind, label and
 * limits in the generated form description ("Enter a name", "Choose 1 to 5", "Choose a kind").
 */
export function plainMessage({ field, issue }: { field: FormField; issue: FieldIssue }): string {
  const label = noun(field);
  switch (issue.code) {
    case 'missing':
      if (isMany(field)) return `Choose at least one ${label.replace(/s$/, '')}`;
      if (isNumber(field)) return numberMessage({ field, issue });
      return isChoice(field) ? `Choose ${article(label)}` : `Enter ${article(label)}`;
    case 'too_small':
    case 'too_big':
      if (isNumber(field)) return numberMessage({ field, issue });
      if (isMany(field)) {
        const min = field.minItems ?? (issue.code === 'too_small' ? issue.minimum : undefined);
        const max = field.maxItems ?? (issue.code === 'too_big' ? issue.maximum : undefined);
        return `Choose ${range({ min, max })}`;
      }
      if (issue.code === 'too_small') {
        const min = field.minLength ?? issue.minimum ?? 1;
        return min <= 1 ? `Enter ${article(label)}` : `Enter at least ${min} characters`;
      }
      return `Use at most ${field.maxLength ?? issue.maximum} characters`;
    case 'invalid_value':
      return `Choose ${article(label)} from the list`;
    case 'invalid_format':
      return `Enter ${FORMATS[field.kind] ?? FORMATS[issue.format ?? ''] ?? `a valid ${label}`}`;
    case 'invalid_type':
      if (isNumber(field)) return numberMessage({ field, issue });
      return isChoice(field) ? `Choose ${article(label)}` : `Check the ${label}`;
    default:
      return `Check the ${label}`;
  }
}

/** "Choose 1 to 5" for a small whole-number scale, "Enter a number from 1 to 3650" otherwise. */
function numberMessage({ field, issue }: { field: FormField; issue: FieldIssue }): string {
  const min = field.min ?? (issue.code === 'too_small' ? issue.minimum : undefined);
  const max = field.max ?? (issue.code === 'too_big' ? issue.maximum : undefined);
  const whole = field.kind === 'integer' ? 'a whole number' : 'a number';
  if (min === undefined && max === undefined) return `Enter ${whole}`;
  if (field.kind === 'integer' && min !== undefined && max !== undefined && max - min <= 10)
    return `Choose ${min} to ${max}`;
  return `Enter ${whole} from ${range({ min, max })}`;
}

const blank = (value: Raw | undefined) =>
  value === '' || value === undefined || value === null || (Array.isArray(value) && value.length === 0);

/**
 * The problems the console can see before it sends: a required field left empty, a number outside
 * its bounds, a text too long. The server checks everything again; its issues use the same words.
 */
export function localIssues({
  fields,
  values,
}: {
  fields: readonly FormField[];
  values: Record<string, Raw>;
}): FieldIssue[] {
  const out: FieldIssue[] = [];
  for (const field of fields) {
    const value = values[field.name];
    if (blank(value)) {
      if (field.required && field.kind !== 'boolean') out.push({ field: field.name, code: 'missing' });
      continue;
    }
    if (isNumber(field) && typeof value === 'string') {
      const n = Number(value);
      if (!Number.isFinite(n) || (field.kind === 'integer' && !Number.isInteger(n)))
        out.push({ field: field.name, code: 'invalid_type' });
      else if (field.min !== undefined && n < field.min)
        out.push({ field: field.name, code: 'too_small', origin: 'number', minimum: field.min });
      else if (field.max !== undefined && n > field.max)
        out.push({ field: field.name, code: 'too_big', origin: 'number', maximum: field.max });
    } else if (typeof value === 'string' && field.maxLength !== undefined && value.length > field.maxLength) {
      out.push({ field: field.name, code: 'too_big', origin: 'string', maximum: field.maxLength });
    }
  }
  return out;
}
