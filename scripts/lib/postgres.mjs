// A throwaway PostgreSQL cluster for the tests: initdb in a temporary directory, a free
// port, removed afterwards. Used by the Vitest global setup and by scripts/test.mjs.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './local-server.mjs';

export function findPgBin() {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const bin = path.join(root, version, 'bin');
      if (existsSync(path.join(bin, 'initdb'))) return bin;
    }
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 ? path.dirname(which.stdout.trim()) : null;
}

/** initdb refuses to run as root: run the server binaries as the `postgres` user then. */
function asServerUser(command, args) {
  const isRoot = process.getuid?.() === 0;
  return isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

export async function startPostgres() {
  const bin = findPgBin();
  if (!bin) {
    throw new Error('PostgreSQL server binaries not found. Install them with: apt-get update && apt-get install -y postgresql');
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const run = (command, args) => {
    const [cmd, argv] = asServerUser(path.join(bin, command), args);
    execFileSync(cmd, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
  run('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`,
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
