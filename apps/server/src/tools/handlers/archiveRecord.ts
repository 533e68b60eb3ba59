import { setArchived } from '../archive.js';
import type { ToolHandler } from '../handler.js';

/** Archive a register record: it leaves lists, counts, reports and readiness; restoreRecord undoes it. */
export const archiveRecord: ToolHandler<'archiveRecord'> = (ctx, args) => setArchived(ctx, args, true);
