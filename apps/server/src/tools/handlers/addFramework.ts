// Created by `npm run generate` from specs/tools/addFramework.yaml. This file is yours: implement the handler here.

import { libraryFramework } from '../../oscal/library.js';
import type { ToolHandler } from '../handler.js';
import { ToolError } from '../handler.js';
import { organizationOf } from '../registers.js';

/** Add a framework: from the library (library_key) or from listed controls — exactly one of the two. */
export const addFramework: ToolHandler<'addFramework'> = (ctx, args) => {
  const { organization_id: _organizationId, idempotency_key, library_key, baseline, ...data } = args;
  const base = { organizationId: organizationOf(ctx), actor: ctx.actor, idempotencyKey: idempotency_key };
  if (library_key !== undefined && data.controls !== undefined) {
    throw new ToolError({
      code: 'INVALID_INPUT',
      field: 'library_key',
      message:
        'Pass either `library_key` (adopt a library framework) or `controls` (list your own), not both.',
    });
  }
  if (library_key === undefined) {
    if (baseline !== undefined) {
      throw new ToolError({
        code: 'INVALID_INPUT',
        field: 'baseline',
        message: '`baseline` selects controls of a library framework; pass it with `library_key`.',
      });
    }
    if (data.name === undefined) {
      throw new ToolError({
        code: 'INVALID_INPUT',
        field: 'name',
        message: '`name` is required unless the framework is adopted from the library with `library_key`.',
      });
    }
    return ctx.storage.frameworks.create({ ...base, data: { ...data, name: data.name, source: 'manual' } });
  }
  const adopted = libraryFramework({ key: library_key, baseline, name: data.name });
  const overrides = {
    ...(data.version !== undefined && { version: data.version }),
    ...(data.description !== undefined && { description: data.description }),
  };
  return ctx.storage.frameworks.create({ ...base, data: { ...adopted, ...overrides } });
};
