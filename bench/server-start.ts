// How long a start of the server takes until /api/health answers, from its bundle (what
// `npm start` runs, docs/decisions/0081) and from its sources through tsx (`npm run serve`),
// alternated round by round so both see the same load. Each way has its own DATA_DIR, made by
// a first start that is not counted: the rounds are restarts, as in production and in the
// crash tests. Usage: npx tsx bench/server-start.ts [rounds, default 7]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleServer, localServerEnv, serverCommand } from '../scripts/build.mjs';
import { freePort, waitForHealth } from '../scripts/lib/local-server.mjs';

const rounds = Number(process.argv[2] ?? 7);
const ways = {
  bundle: serverCommand().slice(1),
  tsx: ['--import', 'tsx', 'src/server/main.ts'],
} satisfies Record<string, string[]>;
type Way = keyof typeof ways;

async function start(way: Way, dataDir: string): Promise<number> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child = spawn(process.execPath, ways[way], {
    env: { ...process.env, ...localServerEnv({ port, dataDir, logLevel: 'error' }) },
    stdio: 'ignore',
  });
  try {
    await waitForHealth(url, child, { intervalMs: 25 });
    return performance.now() - began;
  } finally {
    child.kill('SIGKILL');
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

await bundleServer();
const dataDirs = Object.fromEntries(
  (Object.keys(ways) as Way[]).map((way) => [way, mkdtempSync(path.join(os.tmpdir(), `convoyage-start-${way}-`))]),
);
const times: Record<Way, number[]> = { bundle: [], tsx: [] };
try {
  for (const way of Object.keys(ways) as Way[]) await start(way, dataDirs[way]!);
  for (let round = 0; round < rounds; round += 1) {
    const order = (round % 2 === 0 ? ['bundle', 'tsx'] : ['tsx', 'bundle']) as Way[];
    for (const way of order) times[way].push(await start(way, dataDirs[way]!));
  }
} finally {
  for (const dir of Object.values(dataDirs)) rmSync(dir!, { recursive: true, force: true });
}

console.log(`| way | median | runs (ms) |\n| --- | ---: | --- |`);
for (const way of Object.keys(ways) as Way[]) {
  console.log(`| ${way} | ${Math.round(median(times[way]))} ms | ${times[way].map(Math.round).join(', ')} |`);
}
console.log(
  `\n${rounds} restarts of each, alternated; load average at the end: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
