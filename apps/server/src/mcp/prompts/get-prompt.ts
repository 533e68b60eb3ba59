import type { Storage } from '@comply/storage';
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../../core/caller.js';
import { RpcCode, RpcError } from '../rpc-error.js';
import { PROMPTS, promptNamed } from './catalog.js';
import { type PromptContext, type PromptDefinition, renderSteps } from './prompt.js';

/** The prompts/list result. */
export function listPrompts(): { prompts: Prompt[] } {
  return {
    prompts: PROMPTS.map((p) => ({
      name: p.name,
      title: p.title,
      description: p.description,
      arguments: p.arguments.map(({ name, description, required }) => ({ name, description, required })),
    })),
  };
}

const invalid = (field: string, message: string) =>
  new RpcError({ code: RpcCode.InvalidParams, message, data: { field } });

/** Checks every argument of `prompt`: required ones present, no unknown ones, ids the caller can use. */
async function contextFor({
  prompt,
  args,
  caller,
  storage,
}: {
  prompt: PromptDefinition;
  args: Readonly<Record<string, string>>;
  caller: Caller;
  storage: Storage;
}): Promise<PromptContext> {
  const known = prompt.arguments.map((a) => a.name);
  for (const name of Object.keys(args)) {
    if (!known.includes(name)) {
      throw invalid(
        `arguments.${name}`,
        `Prompt ${prompt.name} has no argument \`${name}\`; its arguments are ${known.join(', ')}.`,
      );
    }
  }
  for (const a of prompt.arguments) {
    if (a.required && !args[a.name]?.trim()) {
      throw invalid(
        `arguments.${a.name}`,
        `Prompt ${prompt.name} needs the argument \`${a.name}\`: ${a.description}`,
      );
    }
  }
  const problem = prompt.check?.(args);
  if (problem) throw invalid(`arguments.${problem.argument}`, problem.message);
  const organizationId = args.organization_id ?? '';
  const organization = caller.organizations.has(organizationId)
    ? await storage.organizations.getForUser({ organizationId, userId: caller.userId })
    : null;
  if (!organization) {
    throw invalid(
      'arguments.organization_id',
      `\`organization_id\`: organization \`${organizationId}\` was not found among the organizations this token can access. Call listOrganizations for valid ids.`,
    );
  }
  let framework: PromptContext['framework'];
  if (args.framework_id !== undefined) {
    const found = await storage.frameworks.get({ organizationId, id: args.framework_id });
    if (!found) {
      throw invalid(
        'arguments.framework_id',
        `\`framework_id\`: framework \`${args.framework_id}\` was not found in organization ${organizationId}. Call listFrameworks for valid ids.`,
      );
    }
    framework = { id: found.id, name: found.name };
  }
  return {
    args,
    organization: { id: organization.id, name: organization.name },
    framework,
    today: storage.clock().toISOString().slice(0, 10),
  };
}

/** The prompts/get result: one user message naming the tools to call, with their filters. */
export async function getPrompt({
  name,
  args = {},
  caller,
  storage,
}: {
  name: string;
  args?: Readonly<Record<string, string>>;
  caller: Caller;
  storage: Storage;
}): Promise<GetPromptResult> {
  const prompt = promptNamed(name);
  if (!prompt) {
    throw invalid(
      'name',
      `Unknown prompt \`${name}\`; the prompts are ${PROMPTS.map((p) => p.name).join(', ')}.`,
    );
  }
  const ctx = await contextFor({ prompt, args, caller, storage });
  const text = [
    prompt.task(ctx),
    '',
    'Call these Comply tools, with exactly these arguments:',
    renderSteps(prompt.steps(ctx)),
    'Page through every list: pass next_cursor back as cursor with the same arguments until it is null.',
    '',
    prompt.report(ctx),
  ].join('\n');
  return {
    description: prompt.description,
    messages: [{ role: 'user', content: { type: 'text', text } }],
  };
}
