// `npm start`: builds the front end only when the build is missing, bundles the server (under a
// second, so it is never older than src/: docs/decisions/0081; a read-only installation starts
// the bundle it was built with), then serves on PORT.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildFrontEnd, prepareServerBundle, serverCommand } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}/dist/client/index.html`) || !existsSync(`${root}/dist/server/entry-server.js`)) {
  // A production install keeps only the dependencies (README): the build is made before that.
  const { devDependencies } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
  if (!Object.keys(devDependencies).every((name) => existsSync(`${root}/node_modules/${name}`))) {
    console.error(
      'L’interface n’est pas construite et les outils qui la construisent ne sont pas installés (installation de production). Construisez-la avant d’alléger l’installation : npm ci && npm run build && npm prune --omit=dev',
    );
    process.exit(1);
  }
  console.log('Première exécution : construction de l’interface (npm run build)…');
  const status = buildFrontEnd(['--logLevel', 'warn']);
  if (status !== 0) process.exit(status);
}
try {
  await prepareServerBundle();
} catch (error) {
  console.error(`Le serveur n’a pas pu être préparé (npm run build) : ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
const [node, ...args] = serverCommand();
const server = spawn(node, args, {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
