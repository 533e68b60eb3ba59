import { ToolError } from '../core/errors.js';
import type { ToolCore } from '../core/tool-core.js';

const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(text: string): string | undefined {
  if (text.includes(NUL)) return 'contains a NUL character (U+0000), which cannot be stored; remove it.';
  // A lone surrogate cannot be encoded as UTF-8: the database would silently store U+FFFD instead.
  if (LONE_SURROGATE.test(text))
    return 'is not well-formed Unicode (it has a lone surrogate); send valid UTF-8 text.';
  return undefined;
}

interface Frame {
  value: unknown;
  key: string | undefined;
  parent: Frame | undefined;
}

function pathOf(frame: Frame): string {
  const keys: string[] = [];
  for (let at: Frame | undefined = frame; at?.key !== undefined; at = at.parent) keys.unshift(at.key);
  return keys.join('.');
}

// Iterative, and paths are built only for the culprit: the input's nesting depth is the caller's choice.
function findBadText(input: unknown): { field: string; problem: string } | undefined {
  const stack: Frame[] = [{ value: input, key: undefined, parent: undefined }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    const { value } = frame;
    if (typeof value === 'string') {
      const problem = problemOf(value);
      if (problem) return { field: pathOf(frame), problem };
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        stack.push({ value: inner, key, parent: frame });
      }
    }
  }
  return undefined;
}

/**
 * Refuses tool inputs holding text that PostgreSQL cannot store as given (NUL characters, lone
 * surrogates) with INVALID_INPUT naming the field, before the call reaches the tool core.
 */
export function guardInputText(core: ToolCore): ToolCore {
  return {
    has: core.has,
    async invoke(params) {
      const bad = findBadText(params.input);
      if (bad) {
        throw new ToolError({
          code: 'INVALID_INPUT',
          field: bad.field || undefined,
          message: bad.field ? `\`${bad.field}\` ${bad.problem}` : `The input ${bad.problem}`,
        });
      }
      return core.invoke(params);
    },
  };
}
