/**
 * Work a request starts and does not wait for, so that its answer cannot tell what the work
 * found (accounts: a reset request answers before looking the address up). Tracked so that
 * closing the app waits for it, and tests can wait for it too (`drain`). A crash loses a task
 * not yet done: only for work the person can simply ask for again.
 */
export type BackgroundTasks = {
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far, and any they start, has finished. */
  drain(): Promise<void>;
};

type Logger = { error: (details: object, message: string) => void };

export function createBackgroundTasks(log: Logger): BackgroundTasks {
  const pending = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const running: Promise<unknown> = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
