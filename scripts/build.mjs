// `npm run build`: the browser's bundle (dist/client), the server's prerendering bundle
// (dist/server, see vite.config.ts), then the server itself (dist/node/main.mjs, the one
// `npm start` runs: docs/decisions/0081). Also used by `npm start`, `npm test` and the benchmarks.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

/** The server in one file, its dependencies left in node_modules. */
export const SERVER_BUNDLE = path.join(root, 'dist', 'node', 'main.mjs');

/** How to run the bundle: its source map turns a stack trace's lines back into src/ ones. */
export const serverCommand = (bundle = SERVER_BUNDLE) => [process.execPath, '--enable-source-maps', bundle];

/** The environment of a production server on 127.0.0.1:`port` keeping its data in `dataDir` (tests and benchmarks). */
export const localServerEnv = ({ port, dataDir, logLevel = 'warn' }) => ({
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: logLevel,
});

/**
 * Bundles src/server/main.ts into SERVER_BUNDLE (or `outfile`, which must lie inside the project:
 * the server finds its files from the folder with package.json above it) with esbuild, in under
 * a second. A start then reads one file instead of resolving and compiling some 300 modules
 * through tsx's loader: docs/decisions/0081 has the figures. Each file is written beside its
 * place and renamed into it, so instances starting together never read half a bundle.
 */
export async function bundleServer({ outfile = SERVER_BUNDLE } = {}) {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Error classes keep their names in logs and answers whatever esbuild renames.
    keepNames: true,
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    write: false,
  });
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.tmp`;
    try {
      mkdirSync(path.dirname(file.path), { recursive: true });
      writeFileSync(partial, file.contents);
      renameSync(partial, file.path);
    } catch (error) {
      // A temporary file half written is removed; anything else at its name is left alone.
      if (statSync(partial, { throwIfNoEntry: false })?.isFile()) rmSync(partial, { force: true });
      throw new BundleWriteError(path.dirname(file.path), error);
    }
  }
}

/** The bundle was made but could not be written (a read-only installation, a full disk). */
export class BundleWriteError extends Error {
  constructor(dir, cause) {
    super(`${dir}: ${cause instanceof Error ? cause.message : cause}`, { cause });
    this.name = 'BundleWriteError';
    this.dir = dir;
    this.code = cause?.code ?? 'EIO';
  }
}

/**
 * What `npm start` runs: the server bundled again (so never older than src/), or, where the
 * bundle cannot be written but one is there already (an installation whose folder is read-only,
 * built once with `npm run build`), that one, with a warning. A build error stops the start
 * either way. Returns what it did: 'bundled' or 'reused'.
 */
export async function prepareServerBundle({ outfile = SERVER_BUNDLE, warn = console.warn } = {}) {
  try {
    await bundleServer({ outfile });
    return 'bundled';
  } catch (error) {
    if (!(error instanceof BundleWriteError) || !existsSync(outfile)) throw error;
    // Plain JavaScript cannot load src/domain/format.ts: the time in UTC, written out.
    const iso = statSync(outfile).mtime.toISOString();
    const builtAt = `${iso.slice(0, 10)} à ${iso.slice(11, 16)} UTC`;
    warn(
      `Le serveur n’a pas pu être réécrit dans ${path.relative(root, error.dir) || error.dir} (${error.code}) : il démarre avec celui construit le ${builtAt}. Après une mise à jour du code, reconstruisez-le (npm run build).`,
    );
    return 'reused';
  }
}

/** The whole build: front end, then the server. Returns an exit status. */
export async function buildAll(extraArgs = []) {
  const status = buildFrontEnd(extraArgs);
  if (status !== 0) return status;
  try {
    await bundleServer();
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(await buildAll(process.argv.slice(2)));
