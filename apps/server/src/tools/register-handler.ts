import {
  type GenericToolName,
  genericTools,
  type RegisterName,
  registers,
  type ToolArgs,
  type ToolOutputs,
} from '@comply/schemas';
import type { Repositories } from '@comply/storage';
import type { ToolContext, ToolHandler } from './handler.js';
import { getRecord, toCreateParams, toListOutput, toListParams, toUpdateParams } from './registers.js';

/**
 * The generic register handler: every plain list, get, add and update tool of the register catalog
 * (specs/registers/*.yaml) is served here from the register's repository, `ctx.storage[<plural>]`.
 * Only tools a register lists under `custom_handlers` (and tools outside the registers) keep a file
 * in ./handlers/.
 */

type Kind = keyof (typeof registers)[RegisterName]['tools'];

/** What the generic handler calls on a register's repository, with the wire shapes erased. */
interface PlainRepository {
  list(params: ReturnType<typeof toListParams>): ReturnType<Repositories['risks']['list']>;
  get(params: { organizationId: string; id: string }): Promise<unknown>;
  create(params: ReturnType<typeof toCreateParams>): Promise<unknown>;
  update(params: ReturnType<typeof toUpdateParams>): Promise<unknown>;
}

type AnyArgs = never;
type AnyHandler = (ctx: ToolContext, args: AnyArgs) => Promise<unknown>;

function handlerOf(a: { register: RegisterName; kind: Kind }): AnyHandler {
  const { plural, singular } = registers[a.register];
  const repository = (ctx: ToolContext) => ctx.storage[a.register] as unknown as PlainRepository;
  switch (a.kind) {
    case 'list':
      return async (ctx, args) =>
        toListOutput({ key: plural, page: await repository(ctx).list(toListParams({ ctx, args })) });
    case 'get':
      return (ctx, args: { id: string }) =>
        getRecord({ ctx, args, kind: singular, get: (params) => repository(ctx).get(params) });
    case 'add':
      return (ctx, args) => repository(ctx).create(toCreateParams({ ctx, args }));
    case 'update':
      return (ctx, args) => repository(ctx).update(toUpdateParams({ ctx, args }));
  }
}

/** The handler of every tool in `genericTools`, by tool name. */
export const registerHandlers = Object.fromEntries(
  (Object.keys(registers) as RegisterName[]).flatMap((register) =>
    (Object.entries(registers[register].tools) as [Kind, string][])
      .filter(([, tool]) => (genericTools as readonly string[]).includes(tool))
      .map(([kind, tool]) => [tool, handlerOf({ register, kind })]),
  ),
) as unknown as { readonly [N in GenericToolName]: ToolHandler<N> };

// Compile-time proof that each register's repository serves its generic tools: the repository's
// records are what the tools return, and the tools' args are what its writes take. A register whose
// storage and specs disagree fails the typecheck here, as its handler file would have.
type ToolsOf<R extends RegisterName> = (typeof registers)[R]['tools'];
type Generic<R extends RegisterName, K extends Kind> = Extract<ToolsOf<R>[K], GenericToolName>;
type Fits<A, B> = [A] extends [B] ? true : false;
type Both<A, B> = [A, B] extends [true, true] ? true : false;
type Serves<R extends RegisterName> = {
  list: [Generic<R, 'list'>] extends [never]
    ? true
    : Both<
        Fits<
          Awaited<ReturnType<Repositories[R]['list']>>['items'],
          ToolOutputs[Generic<R, 'list'>][R & keyof ToolOutputs[Generic<R, 'list'>]]
        >,
        Fits<
          ReturnType<typeof toListParams<ToolArgs[Generic<R, 'list'>]>>,
          Parameters<Repositories[R]['list']>[0]
        >
      >;
  get: [Generic<R, 'get'>] extends [never]
    ? true
    : Fits<NonNullable<Awaited<ReturnType<Repositories[R]['get']>>>, ToolOutputs[Generic<R, 'get'>]>;
  add: [Generic<R, 'add'>] extends [never]
    ? true
    : Both<
        Fits<Awaited<ReturnType<Repositories[R]['create']>>, ToolOutputs[Generic<R, 'add'>]>,
        Fits<
          ReturnType<typeof toCreateParams<ToolArgs[Generic<R, 'add'>]>>,
          Parameters<Repositories[R]['create']>[0]
        >
      >;
  update: [Generic<R, 'update'>] extends [never]
    ? true
    : Both<
        Fits<Awaited<ReturnType<Repositories[R]['update']>>, ToolOutputs[Generic<R, 'update'>]>,
        Fits<
          ReturnType<typeof toUpdateParams<ToolArgs[Generic<R, 'update'>]>>,
          Parameters<Repositories[R]['update']>[0]
        >
      >;
};

/** Per register, what its repository does not serve (`never` when it serves every generic tool). */
export type UnservedTools<R extends RegisterName> = {
  [K in Kind]: Serves<R>[K] extends true ? never : K;
}[Kind];

// A register whose repository does not serve its tools makes this assignment fail, naming the
// register and the kinds (`list`, `get`, `add`, `update`) that do not fit.
const served: { [R in RegisterName]: never } = null as unknown as { [R in RegisterName]: UnservedTools<R> };
void served;
