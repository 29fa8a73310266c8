// The benchmarks' own tools (Lighthouse and its Chrome launcher, some 180 MB that the app and
// its tests never load), kept out of the app's `npm install`: installed into
// bench/tools/node_modules from bench/tools/package-lock.json the first time a benchmark asks
// for them, and again when that lock file changes.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const toolsDir = fileURLToPath(new URL('.', import.meta.url));
const installed = `${toolsDir}node_modules/.package-lock.json`;

function install() {
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(`${toolsDir}package-lock.json`).mtimeMs) return;
  console.log('Installing the benchmark tools (bench/tools, once)…');
  const { status } = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel', 'error'], { cwd: toolsDir, stdio: 'inherit' });
  if (status !== 0) throw new Error(`npm ci in ${toolsDir} failed (exit ${status})`);
}

/** The tool's module, resolved from bench/tools (this file's folder). */
export async function importBenchTool(name) {
  install();
  return import(name);
}

export const benchToolVersion = (name) => JSON.parse(readFileSync(`${toolsDir}node_modules/${name}/package.json`, 'utf8')).version;
