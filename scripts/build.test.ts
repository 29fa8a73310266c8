import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorMessages } from '#domain/texts/errors.ts';
import { BundleWriteError, builds, bundleServer, localServerEnv, prepareServerBundle, serverCommand, vite } from './build.mjs';
import { freePort, waitForHealth } from './lib/local-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-build-'));
const outputOf = (index: number) => path.join(outDir, String(index));
let results: SpawnSyncReturns<string>[] = [];

// Each half of `npm run build` into a folder of its own, at the level `npm start` uses (warn).
beforeAll(() => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
  results = builds.map((args, index) =>
    spawnSync(process.execPath, [vite, ...args, '--logLevel', 'warn', '--outDir', outputOf(index)], { cwd: root, env, encoding: 'utf8' }),
  );
}, 300_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The packages a module loads when it runs: its imports, re-exports and import() of a bare name; not `import type`. */
function runtimePackages(file: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) specifier = node.moduleSpecifier;
    else if (ts.isExportDeclaration(node) && !node.isTypeOnly) specifier = node.moduleSpecifier;
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) specifier = node.arguments[0];
    if (specifier && ts.isStringLiteral(specifier)) found.push(specifier.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest));
  return found
    .filter((name) => !/^[.#/]|^node:/.test(name) && !builtinModules.includes(name))
    .map((name) =>
      name
        .split('/')
        .slice(0, name.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

const filesUnder = (dir: string, keep: (file: string) => boolean) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(dir, file))
    .filter(keep);

describe('a newcomer’s first start and a production install', () => {
  // The first `npm start` runs this build before the server's own lines: anything it prints
  // reads as something broken.
  it('builds the front end without printing a warning', () => {
    for (const result of results) {
      expect(result.status, result.stderr).toBe(0);
      expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
    }
  });

  // Production installs everything, builds, then drops the devDependencies (README): what the
  // server and its prerendering bundle load must be `dependencies`.
  it('runs the server and its prerendering on the production dependencies alone', () => {
    const { dependencies } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const isServerCode = (file: string) => /\.ts$/.test(file) && !/\.test\.ts$|\/test\/|\/test-[\w-]+\.ts$/.test(file);
    const files = [
      ...filesUnder(path.join(root, 'src/server'), isServerCode),
      ...filesUnder(path.join(root, 'src/domain'), isServerCode),
      ...filesUnder(outputOf(builds.findIndex((args) => args.includes('--ssr'))), (file) => file.endsWith('.js')),
    ];
    const missing = files.flatMap((file) =>
      runtimePackages(file)
        .filter((name) => !(name in dependencies))
        .map((name) => `${name} (${file})`),
    );
    expect(missing).toEqual([]);
  });
});

describe('the server’s bundle (what `npm start` runs)', () => {
  it('serves from its own folder: prices a trip with the road network and answers a refusal in French', async () => {
    // Inside the project, as dist/node is: the server finds its files from the package.json above it.
    const bundleDir = mkdtempSync(path.join(root, 'node_modules', '.cache', 'server-bundle-'));
    const outfile = path.join(bundleDir, 'main.mjs');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-bundle-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    try {
      await bundleServer({ outfile });
      const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
      const [node, ...args] = serverCommand(outfile);
      const server = spawn(node!, args, {
        env: { ...env, ...localServerEnv({ port, dataDir, logLevel: 'error' }) },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      try {
        // A server that stopped instead fails the test with what it said.
        await waitForHealth(url, server).catch((error: Error) => {
          throw new Error(`The bundle did not start (${error.message}): ${stderr}`);
        });
        const simulation = await fetch(`${url}/api/devis/simulation`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url },
          body: JSON.stringify({ adresseDepart: '10 rue de Rivoli, 75001 Paris', adresseArrivee: '69002 Lyon', typeVehicule: 'Citadine' }),
        });
        expect(simulation.status).toBe(200);
        const { distanceKm } = (await simulation.json()) as { distanceKm: number };
        expect(distanceKm).toBeGreaterThan(400);
        const refusal = await fetch(`${url}/api/devis`);
        expect(refusal.status).toBe(401);
        expect(await refusal.json()).toMatchObject({ message: apiErrorMessages.unauthenticated });
      } finally {
        server.kill('SIGKILL');
      }
    } finally {
      rmSync(bundleDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  // As root a test cannot take the write permission away: the bundle's temporary file is made
  // impossible to write instead (a folder stands at its name), as a read-only folder makes it.
  it('starts a read-only installation with the bundle it was built with, and says so', async () => {
    const bundleDir = mkdtempSync(path.join(root, 'node_modules', '.cache', 'server-bundle-'));
    const outfile = path.join(bundleDir, 'main.mjs');
    const blocker = `${outfile}.${process.pid}.tmp`;
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    try {
      mkdirSync(blocker);
      // Nothing built yet: the start stops, with the reason.
      await expect(prepareServerBundle({ outfile, warn })).rejects.toBeInstanceOf(BundleWriteError);
      expect(warnings).toEqual([]);

      const built = '// the bundle of the last `npm run build`\n';
      writeFileSync(outfile, built);
      expect(await prepareServerBundle({ outfile, warn })).toBe('reused');
      expect(readFileSync(outfile, 'utf8')).toBe(built);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^Le serveur n’a pas pu être réécrit dans .+server-bundle-\w+ \(EISDIR\) : il démarre avec celui construit le \d{4}-\d{2}-\d{2} à \d{2}:\d{2} UTC\./,
      );
      expect(warnings[0]).toContain('reconstruisez-le (npm run build)');

      // Writable again: bundled afresh, no warning.
      rmSync(blocker, { recursive: true });
      expect(await prepareServerBundle({ outfile, warn })).toBe('bundled');
      expect(readFileSync(outfile, 'utf8')).toContain('src/server/main.ts');
      expect(warnings).toHaveLength(1);
    } finally {
      rmSync(bundleDir, { recursive: true, force: true });
    }
  }, 60_000);
});
