import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** A server process started from server-child.ts. */
export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL and wait for the exit: no shutdown code runs. */
  kill(): Promise<void>;
}

const entry = fileURLToPath(new URL('./server-child.ts', import.meta.url));

/** Starts a server process on the storage `env` names (DATABASE_URL + COMPLY_SCHEMA, or COMPLY_DATA_DIR). */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--conditions=@comply/source', '--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const [line] = await Promise.race([
    once(createInterface({ input: child.stdout! }), 'line'),
    exited.then(([code]) => {
      throw new Error(`the server process exited with ${code} before listening`);
    }),
  ]);
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await exited;
    }
  };
  return {
    url: JSON.parse(line as string).url,
    process: child,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}
