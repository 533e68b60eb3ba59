import type { ControlParameter, ParameterConstraint } from '../types.js';
import type { ParamIndex } from './params.js';
import { objects, text } from './props.js';

type Json = Record<string, unknown>;

/** Replaces `{{ insert: param, id }}` by the parameter's value, selection or assignment, in plain text. */
export function renderProse({ prose, params }: { prose: string; params: ParamIndex }): string {
  return params.renderProse(prose);
}

/** Plain text of a part and its sub-parts: one line per part, `label prose`, sub-items indented. */
export function partText({ part, params }: { part: Json; params: ParamIndex }): string | null {
  const lines: string[] = [];
  const walk = (node: Json, depth: number) => {
    const prose = text(node.prose);
    const label = labelText(node);
    const line = [label, prose ? renderProse({ prose: prose.trim(), params }) : null]
      .filter((piece) => piece !== null)
      .join(' ');
    if (line !== '') lines.push(`${'  '.repeat(Math.max(0, depth - 1))}${line}`);
    for (const child of objects(node.parts)) walk(child, depth + 1);
  };
  walk(part, 0);
  return lines.length > 0 ? lines.join('\n') : null;
}

function labelText(part: Json): string | null {
  const label = objects(part.props).find((prop) => prop.name === 'label' && prop.ns === undefined);
  return label ? String(label.value) : null;
}

/** A parameter as Comply keeps it. */
export function toParameter({
  param,
  params,
  pointer,
}: {
  param: Json;
  params: ParamIndex;
  /** Where the parameter is, for refusals. */
  pointer?: string;
}): ControlParameter {
  const select = param.select as Json | undefined;
  const howMany = select?.['how-many'];
  const label = text(param.label);
  const values = (Array.isArray(param.values) ? param.values : []).map(String);
  // Kept with the control as written: counted in its rendered size like the rest.
  params.charge((label?.length ?? 0) + values.reduce((sum, value) => sum + value.length, 0));
  const guidelines = objects(param.guidelines)
    .map((guideline) => text(guideline.prose))
    .filter((prose): prose is string => prose !== null)
    .map((prose) => renderProse({ prose: prose.trim(), params }));
  return {
    id: String(param.id),
    label,
    values,
    select: select
      ? {
          how_many: howMany === 'one' || howMany === 'one-or-more' ? howMany : null,
          choices: params.chargeAll(params.choices({ select, pointer: pointer ?? null })),
        }
      : null,
    guidelines: guidelines.length > 0 ? guidelines.join('\n') : null,
    ...withConstraints(toConstraints(param.constraints)),
  };
}

/** OSCAL `constraints` as Comply keeps them: each description and its tests' expressions. */
export function toConstraints(value: unknown): ParameterConstraint[] {
  return objects(value).map((constraint) => ({
    description: text(constraint.description),
    tests: objects(constraint.tests).map((test) => String(test.expression)),
  }));
}

/** `{ constraints }` when there are some, else nothing (parameters without constraints stay as they were). */
export function withConstraints(constraints: ParameterConstraint[]): { constraints?: ParameterConstraint[] } {
  return constraints.length > 0 ? { constraints } : {};
}
