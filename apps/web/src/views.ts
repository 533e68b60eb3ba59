import { toQuery } from './api.js';

/** The view a list's URL describes: its filters and order, and the cursors of the pages before it. */
export function viewOf(search: string): { filters: Record<string, string>; cursors: (string | undefined)[] } {
  const params = new URLSearchParams(search);
  const filters: Record<string, string> = {};
  for (const [key, value] of params) if (key !== 'cursor' && value) filters[key] = value;
  // `cursor` holds every page's cursor up to this one, so that "Previous page" works after a reload.
  const cursors = (params.get('cursor') ?? '').split(',').filter(Boolean);
  return { filters, cursors: [undefined, ...cursors] };
}

/** The URL of a register view. */
export function viewPath({
  register,
  filters,
  cursors = [],
}: {
  register: string;
  filters: Record<string, string>;
  cursors?: (string | undefined)[];
}) {
  return `/registers/${register}${toQuery({ ...filters, cursor: cursors.filter(Boolean).join(',') })}`;
}
