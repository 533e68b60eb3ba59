import type { ReactNode } from 'react';

/** A column heading; `num` right-aligns a column of figures. */
export type ListColumn = string | { label: string; num: true };

/** The one row of an empty table, spanning its `columns`, in hint text saying why it is empty. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="hint">
        {children}
      </td>
    </tr>
  );
}

/**
 * A table of records in its scrolling wrapper: the caption (visually hidden with `hiddenCaption`), a
 * heading per column, an unlabelled Actions column last when `actions`, and the rows as children.
 */
export function ListTable({
  caption,
  hiddenCaption = false,
  columns,
  actions = false,
  children,
}: {
  caption: ReactNode;
  hiddenCaption?: boolean;
  columns: ListColumn[];
  actions?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table>
        <caption className={hiddenCaption ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col" className="num">
                  {column.label}
                </th>
              ),
            )}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
