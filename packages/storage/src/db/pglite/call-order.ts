import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * When each call began, for the embedded engine's one connection: a statement of a call that
 * began earlier is sent before the statements of calls that began later (docs/performance.md,
 * "Oldest call first"). A call's rank is a number that only grows.
 */
const calls = new AsyncLocalStorage<number>();
let began = 0;

/**
 * Runs `fn` as one call: every statement it sends ranks by when the call began. Inside another
 * call, `fn` keeps the outer call's rank.
 */
export function runCall<T>(fn: () => Promise<T>): Promise<T> {
  return calls.getStore() === undefined ? calls.run(++began, fn) : fn();
}

/** The rank of a statement about to wait for the engine: its call's, or now outside any call. */
export function callRank(): number {
  return calls.getStore() ?? ++began;
}

/**
 * An async lock that is granted to the waiter of lowest rank, first come first served within a
 * rank. A release hands over after one turn of the event loop, even when nobody waits, for two
 * reasons. The engine runs each statement synchronously: without the turn, a queue of holders, or
 * one caller's statements in a row, would run back to back in one microtask chain while no socket
 * is read or written and no timer fires. And during the turn the caller that just released can ask
 * for its next statement, which then ranks among the others.
 */
export class RankedLock {
  readonly #waiting: { rank: number; grant: (release: () => void) => void }[] = [];
  #held = false;
  #handing = false;

  acquire(rank: number): Promise<() => void> {
    return new Promise((grant) => {
      let at = this.#waiting.length;
      while (at > 0 && this.#waiting[at - 1]!.rank > rank) at--;
      this.#waiting.splice(at, 0, { rank, grant });
      if (!this.#held && !this.#handing) this.#grantNext();
    });
  }

  #grantNext(): void {
    const next = this.#waiting.shift();
    if (!next) return;
    this.#held = true;
    let released = false;
    next.grant(() => {
      if (released) return;
      released = true;
      this.#held = false;
      this.#handing = true;
      // Nobody is granted while handing, so the lock is still free when the turn ends.
      setImmediate(() => {
        this.#handing = false;
        this.#grantNext();
      });
    });
  }
}
