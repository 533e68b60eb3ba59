import type { z } from 'zod';
import { invalidInput } from '../core/validation.js';
import { consoleError } from './errors.js';

/** Parses a console request body or query with `schema`; a failure is INVALID_INPUT naming the field. */
export function parseInput<S extends z.ZodType>({
  schema,
  value,
}: {
  schema: S;
  value: unknown;
}): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success)
    throw consoleError({
      code: 'INVALID_INPUT',
      ...invalidInput({ error: parsed.error, input: value ?? {} }),
    });
  return parsed.data;
}
