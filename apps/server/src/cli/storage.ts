import { openStorage, type Storage } from '@comply/storage';
import { loadConfig } from '../config.js';

/** Opens the database the environment names (DATABASE_URL or COMPLY_DATA_DIR), as `comply serve` would. */
export async function openConfiguredStorage(): Promise<Storage> {
  const config = loadConfig();
  return openStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}

/** Runs `fn` with the configured storage and closes it afterwards. */
export async function withStorage<T>(fn: (storage: Storage) => Promise<T>): Promise<T> {
  const storage = await openConfiguredStorage();
  try {
    return await fn(storage);
  } finally {
    await storage.close();
  }
}

/** Reads all of standard input (for --password-stdin). */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
