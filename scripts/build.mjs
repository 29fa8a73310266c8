// `npm run build`: the browser's bundle (dist/client), then the server's prerendering bundle
// (dist/server, see vite.config.ts). Also used by `npm start`, `npm test` and the benchmarks.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const vite = `${root}/node_modules/vite/bin/vite.js`;
/** Vite's arguments for each half of the build, in order. */
export const builds = [['build'], ['build', '--ssr', 'entry-server.tsx']];

/** Returns the exit status of the first build that fails, or 0. */
export function buildFrontEnd(extraArgs = []) {
  for (const args of builds) {
    const { status } = spawnSync(process.execPath, [vite, ...args, ...extraArgs], { cwd: root, stdio: 'inherit' });
    if (status !== 0) return status ?? 1;
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(buildFrontEnd(process.argv.slice(2)));
