/**
 * What the console needs to draw a record's add or update form, derived by the generator from the
 * tools' input specs (see forms.gen.ts). No zod here: the web console imports only this.
 */
export interface FormField {
  name: string;
  /** The spec's description, shown as help text. */
  description: string;
  /**
   * The widget: `id`/`ids` pick records of `references`; `enums` is a set of enum values; `strings`
   * a list of free texts; `object`/`objects` groups of `fields`.
   */
  kind:
    | 'text'
    | 'textarea'
    | 'integer'
    | 'number'
    | 'boolean'
    | 'enum'
    | 'enums'
    | 'date'
    | 'date-time'
    | 'url'
    | 'email'
    | 'id'
    | 'ids'
    | 'strings'
    | 'object'
    | 'objects';
  /** Must be given (add forms only; an update changes only what it names). */
  required: boolean;
  /** May be cleared (sent as null). */
  nullable: boolean;
  default?: unknown;
  values?: readonly string[];
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  /** The register whose record ids the field holds (`risks`). */
  references?: string;
  fields?: readonly FormField[];
}

/** One register's tools and the fields of its add and update forms. */
export interface RegisterForm {
  register: string;
  /** `risk`, as in `risk_id`. */
  singular: string;
  tools: { add: string; update: string | null; list: string | null; get: string | null };
  add: readonly FormField[];
  update: readonly FormField[];
}

/**
 * One input problem in a form's terms, which the console's API adds to an INVALID_INPUT answer so
 * the console can say it in plain words at the field, with the field's label and limits from the
 * form description. The tools' own (model-oriented) message is unchanged.
 */
export interface FieldIssue {
  /** The field's path, dot-separated (`mitigation.status`). */
  field: string;
  /**
   * `missing`: not given; `too_small` / `too_big`: below `minimum` / above `maximum` (a number, a
   * length or a count, as `origin` says); `invalid_value`: not one of `values`; `invalid_format`:
   * not a valid `format` (email, url, date); `invalid_type`: the wrong kind of value; `invalid`:
   * anything else.
   */
  code: 'missing' | 'too_small' | 'too_big' | 'invalid_value' | 'invalid_format' | 'invalid_type' | 'invalid';
  origin?: string;
  minimum?: number;
  maximum?: number;
  values?: string[];
  format?: string;
}
