import type { Call, CallOptions } from './core.js';
import { ComplyError } from './errors.js';

/** The element type of an array type. */
export type ItemOf<A> = A extends readonly (infer E)[] ? E : never;

/**
 * Yields every page of a list tool: the first with `input` as given, then each following page with
 * the previous page's `next_cursor`, until it is null. Filters and order_by stay the same throughout.
 */
export async function* iteratePages<O extends { next_cursor: string | null }>(a: {
  call: Call;
  tool: string;
  input: object;
  options?: CallOptions | undefined;
}): AsyncGenerator<O, void, undefined> {
  let cursor = (a.input as { cursor?: string }).cursor;
  const seen = new Set<string>();
  for (;;) {
    const input = cursor === undefined ? a.input : { ...a.input, cursor };
    const page = await a.call<O>({ tool: a.tool, input, options: a.options });
    yield page;
    if (page.next_cursor === null || page.next_cursor === undefined) return;
    cursor = page.next_cursor;
    // A cursor that comes back twice would page forever.
    if (seen.has(cursor))
      throw new ComplyError({
        code: 'PAGINATION_LOOP',
        status: 200,
        message: `${a.tool} returned the same next_cursor twice.`,
      });
    seen.add(cursor);
  }
}

/** Yields the items under `key` of every page, in order. */
export async function* iterateItems<O, K extends keyof O>(a: {
  pages: AsyncIterable<O>;
  key: K;
}): AsyncGenerator<ItemOf<O[K]>, void, undefined> {
  for await (const page of a.pages) yield* page[a.key] as Iterable<ItemOf<O[K]>>;
}
