import { OscalImportError } from '../errors.js';
import { IMPORT_LIMITS } from '../limits.js';

type Json = Record<string, unknown>;

/** `{{ insert: param, id }}` in prose or a choice. */
export const INSERTION = /\{\{\s*insert:\s*param,\s*([^\s}]+)\s*\}\}/g;

/**
 * Parameters by id across a whole document (insertions may reference a parent's parameters), each
 * rendered once and remembered, with the rendered-size budgets of IMPORT_LIMITS: a document of a
 * few hundred bytes whose parameters insert each other cannot expand without bound.
 */
export class ParamIndex {
  private readonly params = new Map<string, Json>();
  private readonly pointers = new Map<string, string>();
  private readonly rendered = new Map<string, string>();
  private readonly active: string[] = [];
  private controlUsed = 0;
  private controlPointer: string | null = null;
  private documentUsed = 0;

  /** Adds or replaces a parameter; `pointer` locates it in the document for refusals. */
  set({ id, param, pointer }: { id: string; param: Json; pointer?: string | null }): void {
    this.params.set(id, param);
    if (pointer) this.pointers.set(id, pointer);
    // A replaced parameter changes every rendering that inserted it.
    this.rendered.clear();
  }

  /** Starts counting the text of one control (refusals of the control budget name `pointer`). */
  startControl(pointer: string): void {
    this.controlUsed = 0;
    this.controlPointer = pointer;
  }

  /** Counts `length` rendered characters against the control's and the document's budgets. */
  charge(length: number): void {
    this.controlUsed += length;
    this.documentUsed += length;
    if (this.controlUsed > IMPORT_LIMITS.controlText) this.overControl();
    if (this.documentUsed > IMPORT_LIMITS.documentText) {
      throw new OscalImportError(
        `the document renders to more than ${IMPORT_LIMITS.documentText} characters of control text`,
        this.controlPointer,
      );
    }
  }

  /** Counts rendered texts kept with a control (a parameter's choices) and returns them. */
  chargeAll(texts: string[]): string[] {
    for (const text of texts) this.charge(text.length);
    return texts;
  }

  /** Prose with its insertions rendered, counted against the control's and the document's budgets. */
  renderProse(prose: string): string {
    const rendered = this.insertInto({
      text: prose,
      limit: IMPORT_LIMITS.controlText - this.controlUsed,
      refuse: () => this.overControl(),
    });
    this.charge(rendered.length);
    return rendered;
  }

  /**
   * `text` with each insertion replaced by its parameter's rendering; inserted text is never
   * rescanned, and `refuse` is called as soon as the result passes `limit`.
   */
  private insertInto(args: { text: string; limit: number; refuse: () => never }): string {
    const { text, limit } = args;
    let out = '';
    let last = 0;
    for (const match of text.matchAll(INSERTION)) {
      out += text.slice(last, match.index) + this.paramText(match[1]!, match[0]);
      last = match.index + match[0].length;
      if (out.length > limit) args.refuse();
    }
    out += text.slice(last);
    if (out.length > limit) args.refuse();
    return out;
  }

  private overControl(): never {
    throw new OscalImportError(
      `the control renders to more than ${IMPORT_LIMITS.controlText} characters (statement, guidance and parameters with their insertions)`,
      this.controlPointer,
    );
  }

  private tooLong(pointer: string | null): never {
    throw new OscalImportError(
      `the parameter renders to more than ${IMPORT_LIMITS.parameterText} characters once its insertions are expanded`,
      pointer ?? this.controlPointer,
    );
  }

  /** A parameter's value, selection or assignment as text, rendered once. */
  private paramText(id: string, written: string): string {
    const cached = this.rendered.get(id);
    if (cached !== undefined) return cached;
    const param = this.params.get(id);
    if (!param) return `[Assignment: ${id}]`;
    // A parameter inserting itself, directly or through others, is left as written there.
    if (this.active.includes(id)) return written;
    const pointer = this.pointers.get(id) ?? null;
    if (this.active.length >= IMPORT_LIMITS.insertionDepth) {
      throw new OscalImportError(
        `parameter insertions nest deeper than ${IMPORT_LIMITS.insertionDepth} levels`,
        pointer ?? this.controlPointer,
      );
    }
    this.active.push(id);
    try {
      const text = renderParam({ param, id, choices: (select) => this.choices({ select, pointer }) });
      if (text.length > IMPORT_LIMITS.parameterText) this.tooLong(pointer);
      this.rendered.set(id, text);
      return text;
    } finally {
      this.active.pop();
    }
  }

  /** A selection's choices with their insertions rendered (each within the parameter budget). */
  choices({ select, pointer }: { select: Json; pointer?: string | null }): string[] {
    const choices = (Array.isArray(select.choice) ? select.choice : []).map(String);
    let total = 0;
    return choices.map((choice) => {
      const rendered = this.insertInto({
        text: choice,
        limit: IMPORT_LIMITS.parameterText - total,
        refuse: () => this.tooLong(pointer ?? null),
      });
      total += rendered.length + 2;
      return rendered;
    });
  }
}

function renderParam(args: { param: Json; id: string; choices: (select: Json) => string[] }): string {
  const { param, id } = args;
  const values = (Array.isArray(param.values) ? param.values : []).map(String);
  if (values.length > 0) return values.join(', ');
  const select = param.select as Json | undefined;
  if (select) {
    const how = select['how-many'] === 'one-or-more' ? ' (one or more)' : '';
    return `[Selection${how}: ${args.choices(select).join('; ')}]`;
  }
  return `[Assignment: ${typeof param.label === 'string' && param.label.trim() !== '' ? param.label : id}]`;
}
