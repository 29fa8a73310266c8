import { sql } from 'kysely';
import type { DatabaseHandle } from '#server/db/index.ts';

/** What a task's run is given: the database, the time it runs at (tests freeze it), a logger. */
export type TaskContext = { database: DatabaseHandle; now: Date; log: TaskLogger };
type TaskLogger = { info: (details: object, message: string) => void; error: (details: object, message: string) => void };

/**
 * Background work a capability declares (retention, reminders, a platform's polling): app.ts
 * declares it once, the runner schedules it, and never runs it twice at once across instances.
 */
export type TaskDeclaration<Result = unknown> = {
  /** Unique, stable: it names the log lines and keys the task's lock. */
  name: string;
  /** Between two runs; 0: once only, `firstRunDelayMs` after the start. */
  intervalMs: number;
  /** The first run waits this long, so that start-up (migrations, warming the pages) goes first. */
  firstRunDelayMs: number;
  run: (context: TaskContext) => Promise<Result>;
  /** What the run's log line says of its result; none is written when it gives null. */
  report?: (result: Result) => object | null;
};

export type TaskRunner = {
  declare<Result>(task: TaskDeclaration<Result>): void;
  /** Schedules every declared task (app.ts, once the app is ready). */
  start(): void;
  /** Stops the schedule and waits for the runs in progress: closing never cuts one short. */
  stop(): Promise<void>;
  /**
   * Runs a declared task now, as the schedule would (tests, with a frozen `now`): its result,
   * or null when another instance holds its lock or this one is running it already.
   */
  runNow<Result>(name: string, now?: Date): Promise<Result | null>;
};

/** The first key of every task's advisory lock; the second is the hash of its name (migrations use another key). */
const TASK_LOCK_NAMESPACE = 7_461_300;

/** The task's lock, as SQL: tests hold it to play another instance. */
export const taskLockKeys = (name: string) => sql`${sql.lit(TASK_LOCK_NAMESPACE)}, hashtext(${name})`;

/**
 * The runner of declared tasks. On PostgreSQL each run holds a session advisory lock keyed by
 * the task's name, taken without waiting: an instance that finds it taken skips that run. On
 * SQLite (one file, one server) a run in progress is not started again. The task's own code
 * opens whatever transactions it needs: the lock holds no transaction open.
 */
export function createTaskRunner({ database, log }: { database: DatabaseHandle; log: TaskLogger }): TaskRunner {
  const tasks = new Map<string, TaskDeclaration<unknown>>();
  const running = new Map<string, Promise<unknown>>();
  let timers: NodeJS.Timeout[] = [];

  async function underLock<Result>(task: TaskDeclaration<Result>, now: Date): Promise<Result | null> {
    const context = { database, now, log };
    if (database.engine !== 'postgres') return task.run(context);
    return database.db.connection().execute(async (connection) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${taskLockKeys(task.name)}) as locked`.execute(
        connection,
      );
      if (!rows[0]?.locked) return null;
      try {
        return await task.run(context);
      } finally {
        await sql`select pg_advisory_unlock(${taskLockKeys(task.name)})`.execute(connection);
      }
    });
  }

  function runNow<Result>(name: string, now = new Date()): Promise<Result | null> {
    const task = tasks.get(name) as TaskDeclaration<Result> | undefined;
    if (!task) throw new Error(`no task declared as ${name}`);
    if (running.has(name)) return Promise.resolve(null);
    const run = underLock(task, now).finally(() => running.delete(name));
    running.set(name, run);
    return run;
  }

  function scheduled(task: TaskDeclaration<unknown>) {
    return () => {
      void runNow(task.name).then(
        (result) => {
          const details = result === null ? null : (task.report?.(result) ?? null);
          if (details) log.info({ task: task.name, ...details }, `${task.name}: done`);
        },
        (error: unknown) => log.error({ err: error, task: task.name }, `${task.name}: failed`),
      );
    };
  }

  return {
    declare(task) {
      if (tasks.has(task.name)) throw new Error(`task ${task.name} declared twice`);
      tasks.set(task.name, task as TaskDeclaration<unknown>);
    },
    start() {
      if (timers.length > 0) return;
      for (const task of tasks.values()) {
        const run = scheduled(task);
        timers.push(setTimeout(run, task.firstRunDelayMs));
        if (task.intervalMs > 0) timers.push(setInterval(run, task.intervalMs));
      }
      // The timers never keep the process alive.
      for (const timer of timers) timer.unref();
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      timers = [];
      await Promise.allSettled([...running.values()]);
    },
    runNow,
  };
}
