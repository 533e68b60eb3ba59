import {
  type StatementStructures,
  StructureKind,
  VariableDeclarationKind,
  type WriterFunction,
} from 'ts-morph';

/** An exported `const` under its doc comment, with a declared `type` when given. */
export function exportedConst(c: {
  name: string;
  doc: string;
  type?: string;
  init: string | WriterFunction;
}): StatementStructures {
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    docs: [c.doc],
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name: c.name, type: c.type, initializer: c.init }],
  };
}

/** An exported type alias under its doc comment. */
export function exportedType(c: {
  name: string;
  doc: string;
  type: string | WriterFunction;
}): StatementStructures {
  return { kind: StructureKind.TypeAlias, isExported: true, docs: [c.doc], name: c.name, type: c.type };
}

/** An initializer writing an object literal, one line of `lines` (each `key: value,`) a property, then `after`. */
export function objectOfLines(lines: readonly string[], after = ''): WriterFunction {
  return (w) => {
    w.write('{').newLine();
    w.indent(() => {
      for (const line of lines) w.writeLine(line);
    });
    w.write(`}${after}`);
  };
}

/** A `// text` line that opens a section of a file holding many tools, with a blank line before it. */
export function sectionComment(text: string): string {
  return `\n// ${text}`;
}
