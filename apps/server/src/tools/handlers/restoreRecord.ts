import { setArchived } from '../archive.js';
import type { ToolHandler } from '../handler.js';

/** Restore an archived register record into lists, counts, reports and readiness. */
export const restoreRecord: ToolHandler<'restoreRecord'> = (ctx, args) => setArchived(ctx, args, false);
