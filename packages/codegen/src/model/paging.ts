import type { Field, Model, Paging, Tool, ToolPaging } from './types.js';

/** The `order_by` input field of a list tool: one of its order fields, ascending unless said. */
export function orderByField(paging: Paging, p: ToolPaging): Field {
  return {
    name: 'order_by',
    description: paging.orderBy.description,
    optional: true,
    nullable: false,
    default: { ...p.orderDefault },
    type: {
      kind: 'object',
      fields: [
        {
          name: 'field',
          description: paging.orderBy.fieldDescription,
          type: { kind: 'enum', values: p.orderFields },
          optional: false,
          nullable: false,
        },
        {
          name: 'direction',
          description: paging.orderBy.directionDescription,
          type: { kind: 'ref', name: 'SortDirection', target: 'enum' },
          optional: true,
          nullable: false,
          default: 'asc',
        },
      ],
    },
  };
}

/**
 * A tool's input and output with the shared paging expanded into a list tool's own fields: its
 * filters, then `page_size`, `cursor`, `order_by`; its items, then `next_cursor`, `total_count`, ….
 * For the forms that must be self-contained (MCP tools/list, the client's types).
 */
export function pagedFields(model: Model, tool: Tool): { input: readonly Field[]; output: Tool['output'] } {
  const { paging } = model;
  if (!tool.pagination || !paging || tool.output.kind !== 'object') return tool;
  return {
    input: [...tool.input, ...paging.input, orderByField(paging, tool.pagination)],
    output: { kind: 'object', fields: [...tool.output.fields, ...paging.output] },
  };
}
