import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { StorageError } from '../../errors.js';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims an embedded data directory for this process. PGlite has no cross-process locking, and two
 * processes writing one directory corrupt it, so a second opener (say `comply tokens create` while
 * `comply serve` runs) is refused with a clear message. A lock left by a dead process is taken over.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = join(dirname(resolve(dataDir)), `${resolve(dataDir).split('/').pop()}.lock`);
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new StorageError({
          code: 'UNAVAILABLE',
          message: `The embedded database in ${dataDir} is in use by process ${holder}. Stop that process first (only one process may open an embedded database), or use DATABASE_URL with PostgreSQL.`,
        });
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new StorageError({
    code: 'UNAVAILABLE',
    message: `Could not lock the embedded database in ${dataDir}.`,
  });
}
