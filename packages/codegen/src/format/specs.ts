import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isScalar, parseDocument, Scalar, visit } from 'yaml';

/** Flow sequences of plain scalars stay on one line while they are this short (`enum: [A, B]`). */
const INLINE_LIST_WIDTH = 80;

function inlineWidth(items: readonly unknown[]): number {
  return items.reduce<number>((sum, item) => sum + String(isScalar(item) ? item.value : '').length + 2, 2);
}

/**
 * The canonical text of a spec, which biome's YAML formatter also leaves as it is: every non-empty
 * map in block style, lists of maps in block style, short lists of scalars inline; strings plain
 * where YAML allows, quoted only where it must, multi-line prose as a literal block. Comments and key
 * order are kept. Returns the input unchanged when it does not parse (the loader reports the error).
 */
export function formatSpecText(text: string): string {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return text;
  visit(doc, {
    Map(_, node) {
      node.flow = node.items.length === 0;
    },
    Seq(_, node) {
      node.flow = node.items.every((item) => isScalar(item)) && inlineWidth(node.items) <= INLINE_LIST_WIDTH;
    },
    Scalar(_, node) {
      if (typeof node.value !== 'string') return;
      node.type = node.value.includes('\n') ? Scalar.BLOCK_LITERAL : undefined;
    },
  });
  return `${doc.toString({ lineWidth: 0, indentSeq: true, flowCollectionPadding: false }).trimEnd()}\n`;
}

/** Specs under `root` whose text is not canonical; with `write`, rewrites them in place. */
export function formatSpecFiles(a: { root: string; files: readonly string[]; write: boolean }): string[] {
  const unformatted: string[] = [];
  for (const file of a.files) {
    const abs = join(a.root, file);
    const text = readFileSync(abs, 'utf8');
    const formatted = formatSpecText(text);
    if (formatted === text) continue;
    unformatted.push(file);
    if (a.write) writeFileSync(abs, formatted);
  }
  return unformatted;
}
