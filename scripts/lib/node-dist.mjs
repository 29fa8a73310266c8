// A Node.js build from the npm registry: the package node-<platform>-<arch> (the official build,
// with the headers native modules compile against; no npm in it), through npm's own cache,
// extracted once into <cache>/node/<version>/. Used by `npm run test:node` and by .ci/run, which
// runs the suites on the Node that production runs (docs/decisions/0083).
// As a command, `node scripts/lib/node-dist.mjs 22` prints the folder of that Node (its bin/node).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** CONVOYAGE_CACHE_DIR, else ~/.cache/convoyage-pro. */
export const cacheDir =
  process.env.CONVOYAGE_CACHE_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'convoyage-pro');

function check(result, what) {
  if (result.status !== 0) throw new Error(`${what} failed${result.stderr ? `:\n${result.stderr}` : ''}`);
  return result;
}

/**
 * Downloads (or takes from npm's cache) the Node build of `version` (22, 24.21.0…) and returns its
 * folder and exact version. npm is the one running this script when there is one (npm_execpath),
 * else the one on PATH.
 */
export function fetchNode(version) {
  const packageName = `node-${process.platform}-${process.arch}`;
  const downloads = path.join(cacheDir, 'downloads');
  mkdirSync(downloads, { recursive: true });
  const npmCli = process.env.npm_execpath;
  const [program, ...npmArgs] = npmCli?.endsWith('.js') ? [process.execPath, npmCli] : ['npm'];
  const packed = check(
    spawnSync(program, [...npmArgs, 'pack', `${packageName}@${version}`, '--pack-destination', downloads, '--json', '--prefer-offline'], {
      encoding: 'utf8',
    }),
    `npm pack ${packageName}@${version}`,
  );
  const [{ version: exact, filename }] = JSON.parse(packed.stdout);
  const nodeDir = path.join(cacheDir, 'node', exact);
  if (!existsSync(path.join(nodeDir, 'bin', 'node'))) {
    const partial = `${nodeDir}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    check(spawnSync('tar', ['-xzf', path.join(downloads, filename), '-C', partial, '--strip-components=1'], { encoding: 'utf8' }), 'tar');
    renameSync(partial, nodeDir);
  }
  return { nodeDir, exact };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const version = process.argv[2];
  if (!version || !/^\d+(\.\d+){0,2}$/.test(version)) {
    console.error('Usage: node scripts/lib/node-dist.mjs <version>   (e.g. 22, 24.21.0)');
    process.exit(2);
  }
  try {
    console.log(fetchNode(version).nodeDir);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
