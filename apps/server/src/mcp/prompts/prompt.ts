import type { ToolInputs, ToolName } from '@comply/schemas';

/** What an argument's completions list: the caller's organizations, or that organization's frameworks. */
export type Completes = 'organization' | 'framework';

export interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
  completes?: Completes;
}

/** The organization a prompt works in: every prompt's first argument. */
export const ORGANIZATION_ARGUMENT: PromptArgument = {
  name: 'organization_id',
  description: 'The organization (org_…).',
  required: true,
  completes: 'organization',
};

/** One tool call a prompt asks for, with concrete arguments (typed: a renamed filter fails to build). */
export interface Step {
  tool: ToolName;
  args: Record<string, unknown>;
  /** Run once per item of an earlier step's list, with `key` set to the item's id. */
  forEach?: { step: number; noun: string; key: string };
  why: string;
}

/** A step of `tool`; `args` must be that tool's input fields, and `forEach.key` one of them. */
export function step<N extends ToolName>(s: {
  tool: N;
  args: Partial<ToolInputs[N]>;
  forEach?: { step: number; noun: string; key: keyof ToolInputs[N] & string };
  why: string;
}): Step {
  return s as Step;
}

/**
 * A write tool and its input field named in a prompt's prose (`updateRisk` with `measure_ids`),
 * both checked against the registry when the server builds.
 */
export function mention<N extends ToolName>(tool: N, field: keyof ToolInputs[N] & string): string {
  return `\`${tool}\` with \`${field}\``;
}

/** What a prompt knows when it is asked for: its arguments checked, the organization's name and today. */
export interface PromptContext {
  args: Readonly<Record<string, string>>;
  organization: { id: string; name: string };
  framework?: { id: string; name: string };
  today: string;
}

export interface PromptDefinition {
  name: string;
  title: string;
  description: string;
  arguments: readonly PromptArgument[];
  /** Checks the optional arguments: the argument at fault and a sentence naming it, if any. */
  check?: (args: Readonly<Record<string, string>>) => ArgumentProblem | undefined;
  /** The first line of the message: what the assistant is asked to do. */
  task: (ctx: PromptContext) => string;
  steps: (ctx: PromptContext) => Step[];
  /** What to do with the results, after the calls. */
  report: (ctx: PromptContext) => string;
}

export interface ArgumentProblem {
  argument: string;
  message: string;
}

/** An optional integer argument within bounds, or the problem naming it. */
export function integerArgument({
  args,
  name,
  min,
  max,
}: {
  args: Readonly<Record<string, string>>;
  name: string;
  min: number;
  max: number;
}): ArgumentProblem | undefined {
  const raw = args[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    return {
      argument: name,
      message: `\`${name}\` must be a whole number from ${min} to ${max} (got ${JSON.stringify(raw)}).`,
    };
  }
  return undefined;
}

/** `date` plus `days`, as YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The numbered steps as the message shows them: each call as tool name and JSON arguments. */
export function renderSteps(steps: readonly Step[]): string {
  return steps
    .map((s, i) => {
      const call = `${s.tool} ${JSON.stringify(s.args)}`;
      const line = s.forEach
        ? `For each ${s.forEach.noun} of step ${s.forEach.step}: ${call} with "${s.forEach.key}" set to its id`
        : call;
      return `${i + 1}. ${line} — ${s.why}`;
    })
    .join('\n');
}
