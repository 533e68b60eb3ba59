import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** A named statement on PGlite's one session: parsed and planned once, then bound and executed. */
export interface PreparedStatement {
  name: string;
  /** The parameters' type ids, which pick PGlite's serializer for each value. */
  parameterTypes: number[];
  /** The statement's result columns, which `parseResults` needs before the data rows. */
  rowDescription: BackendMessage;
}

/** A select's text rewritten to return each of its rows as one JSON text, in a column `row`. */
export function jsonRowsSql(text: string): string {
  return `select row_to_json(comply_row)::text as row from (${text}) as comply_row`;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/**
 * Runs protocol messages and a Sync as one exchange, inside PGlite's own lock. The Sync travels
 * with them, so after an error the session is ready again before the error is thrown.
 */
function exchange(pglite: PGlite, parts: Uint8Array[]): Promise<BackendMessage[]> {
  const message = concat([...parts, protocol.serialize.sync()]);
  return pglite.runExclusive(() => pglite.execProtocolStream(message, { syncToFs: false }));
}

/** Parses and describes `text` as the statement `name` (a select: it returns rows). */
export async function prepareStatement(
  pglite: PGlite,
  name: string,
  text: string,
): Promise<PreparedStatement> {
  const messages = await exchange(pglite, [
    protocol.serialize.parse({ name, text }),
    protocol.serialize.describe({ type: 'S', name }),
  ]);
  const rowDescription = messages.find((message) => message.name === 'rowDescription');
  if (!rowDescription) throw new Error(`Prepared statement ${name} returns no rows`);
  return { name, parameterTypes: parse.parseDescribeStatementResults(messages), rowDescription };
}

/**
 * Binds `parameters` to a prepared statement and runs it: what PGlite's `query` does without
 * parsing, describing and planning the text again, in one exchange instead of six.
 */
export async function executePrepared<R>(
  pglite: PGlite,
  statement: PreparedStatement,
  parameters: readonly unknown[],
): Promise<Results<R>> {
  const values = parameters.map((value, index) => {
    if (value === null || value === undefined) return null;
    const serialize = pglite.serializers[statement.parameterTypes[index] ?? 0];
    return serialize ? serialize(value) : String(value);
  });
  const messages = await exchange(pglite, [
    protocol.serialize.bind({ statement: statement.name, values }),
    protocol.serialize.execute({}),
  ]);
  const [result] = parse.parseResults([statement.rowDescription, ...messages], pglite.parsers);
  if (!result) throw new Error(`Prepared statement ${statement.name} gave no result`);
  // No syncToFs, unlike PGlite's `query`: a prepared statement here is a select and writes nothing.
  return result as Results<R>;
}

/** Forgets every named statement of the session. */
export async function deallocateAll(pglite: PGlite): Promise<void> {
  await pglite.exec('deallocate all');
}
