import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleServer, localServerEnv, serverCommand } from '../../scripts/build.mjs';
import { freePort, waitForHealth } from '../../scripts/lib/local-server.mjs';

/** The server's bundle, made once per bench from the sources as they are now (as `npm start` does). */
let bundled: Promise<void> | undefined;

/** The production server in its own process, on a fresh DATA_DIR, as `npm start` runs it. */
export async function startServer(env: Record<string, string> = {}) {
  bundled ??= bundleServer();
  await bundled;
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'convoyage-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const [node, ...args] = serverCommand();
  const child: ChildProcess = spawn(node!, args, {
    env: {
      ...process.env,
      // Errors only: the crash benches start a server some thirty times, and each start's
      // configuration warnings (the mediator not set, say) buried the end of CI's output.
      ...localServerEnv({ port, dataDir, logLevel: 'error' }),
      PUBLIC_RATE_LIMIT: '0',
      DAILY_QUOTE_LIMIT: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  /** A crash: no shutdown hook runs. Nothing to do once the process has ended. */
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await kill();
    throw error;
  }
  return {
    url,
    dataDir,
    pid: child.pid,
    kill,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
