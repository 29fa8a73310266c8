// `npm run test:node -- 22 [command…]`: runs the suites (`npm test`, or the command given) on
// another Node than the machine's, without touching this working tree's node_modules.
//  1. That Node comes from the npm registry (scripts/lib/node-dist.mjs): the package
//     node-<platform>-<arch> (the official build, with the headers native modules compile
//     against), extracted once into ~/.cache/convoyage-pro/node/<version>/.
//  2. The working tree (tracked and untracked files, not the ignored ones) is copied to
//     ~/.cache/convoyage-pro/tree-node-<major>/, where `npm ci` runs on that Node: better-sqlite3
//     is compiled against its headers (npm_config_nodedir) and the gazetteer is rebuilt. The
//     next run on the same Node keeps that install while package.json, the lock file and the
//     gazetteer's script are unchanged.
//  3. The command runs there with that Node first in PATH, so every `node` the suites start
//     (Vitest, the build, Playwright's server, the crash tests) is that Node.
// CONVOYAGE_CACHE_DIR moves the cache. Ends with the Node version, the time of each step and
// the command's exit status, which is also this script's.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir, fetchNode } from './lib/node-dist.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const [versionArg, ...commandArgs] = process.argv.slice(2);
if (!versionArg || !/^\d+(\.\d+){0,2}$/.test(versionArg)) {
  console.error('Usage: npm run test:node -- <version> [command…]   (e.g. 22, 24.21.0; default command: npm test)');
  process.exit(2);
}
const command = commandArgs.length > 0 ? commandArgs : ['npm', 'test'];

// The npm that runs this script (npm sets npm_execpath), run on the chosen Node below.
const npmCli = process.env.npm_execpath;
if (!npmCli || !npmCli.endsWith('.js')) {
  console.error('Run this through npm: npm run test:node -- <version>');
  process.exit(2);
}

const seconds = (since) => Math.round((performance.now() - since) / 1000);

function check(result, what) {
  if (result.status !== 0) {
    console.error(`${what} failed${result.stderr ? `:\n${result.stderr}` : ''}`);
    process.exit(1);
  }
  return result;
}

/** What the install in the copy depends on: that Node and the files `npm ci` reads or runs. */
const installStamp = (exact) =>
  createHash('sha256')
    .update(exact)
    .update(
      ['package.json', 'package-lock.json', 'scripts/build-gazetteer.mjs']
        .map((file) => readFileSync(path.join(root, file), 'utf8'))
        .join('\0'),
    )
    .digest('hex');
/** What `npm ci` leaves in the copy: kept when the install is reused. */
const INSTALLED = new Set(['node_modules', path.join('src', 'server', 'geo', 'data')]);

/** A copy of the working tree as git sees it (tracked and untracked, not ignored), keeping `keep`. */
function copyTree(treeDir, keep) {
  const clear = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const relative = path.relative(treeDir, path.join(dir, entry.name));
      if (keep.has(relative)) continue;
      if (entry.isDirectory() && [...keep].some((kept) => kept.startsWith(`${relative}${path.sep}`))) clear(path.join(dir, entry.name));
      else rmSync(path.join(dir, entry.name), { recursive: true, force: true });
    }
  };
  if (existsSync(treeDir)) clear(treeDir);
  const listed = check(
    spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }),
    'git ls-files',
  );
  for (const file of new Set(listed.stdout.split('\0').filter(Boolean))) {
    const from = path.join(root, file);
    if (existsSync(from)) cpSync(from, path.join(treeDir, file), { recursive: true });
  }
}

const startedAt = performance.now();
let fetched;
try {
  fetched = fetchNode(versionArg);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const { nodeDir, exact } = fetched;
const nodeBin = path.join(nodeDir, 'bin', 'node');
const major = exact.split('.')[0];
const treeDir = path.join(cacheDir, `tree-node-${major}`);
const stampFile = path.join(treeDir, 'node_modules', '.convoyage-install-stamp');
const stamp = installStamp(exact);
const isInstalled = existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp;
console.log(`Node ${exact} (${nodeDir}); copy of the working tree: ${treeDir}${isInstalled ? ' (its install kept)' : ''}`);
copyTree(treeDir, isInstalled ? INSTALLED : new Set());

// The outer `npm run`'s variables describe the machine's Node: the inner npm sets its own.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')));
env.PATH = `${path.join(nodeDir, 'bin')}${path.delimiter}${process.env.PATH}`;
env.npm_config_nodedir = nodeDir;
const run = (args) => {
  const [program, ...rest] = args[0] === 'npm' ? [nodeBin, npmCli, ...args.slice(1)] : args;
  return spawnSync(program, rest, { cwd: treeDir, env, stdio: 'inherit' }).status ?? 1;
};

const installStartedAt = performance.now();
if (!isInstalled) {
  if (run(['npm', 'ci', '--no-audit', '--no-fund']) !== 0) {
    console.error(`npm ci failed on Node ${exact}`);
    process.exit(1);
  }
  writeFileSync(stampFile, stamp);
}
const installSeconds = seconds(installStartedAt);
const commandStartedAt = performance.now();
const status = run(command);
console.log(
  `\nNode ${exact}: ${isInstalled ? 'install kept' : `npm ci ${installSeconds} s`}, \`${command.join(' ')}\` ${seconds(commandStartedAt)} s (exit ${status}), ${seconds(startedAt)} s in all`,
);
process.exit(status);
