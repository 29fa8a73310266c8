// Whether the answers of « Mot de passe oublié » and of the sign-up take the same time for an
// address with an account and for one without (an attacker measuring them would learn which
// addresses are customers). Sequential requests to the production server on SQLite, the kinds
// in a new random order each round so that the machine's noise falls on all of them alike,
// each after a short pause; the per-address and per-IP counters are reset before each
// request (they are not what is measured).
// Run: npx tsx bench/account-timing.ts  (writes nothing; paste the table into BENCHMARKS.md)
import path from 'node:path';
import Database from '#server/db/sqlite-driver.ts';
import { upsertAdmin } from '#server/cli/admin.ts';
import { startServer } from './lib/server.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 150);
const ADMIN = { email: 'admin@convoyage.bench', password: 'mot-de-passe-admin-bench' };

const server = await startServer({ ADMIN_EMAIL: ADMIN.email });
const db = new Database(path.join(server.dataDir, 'convoyage.sqlite'));
db.pragma('busy_timeout = 5000');
let ip = 0;
const nextIp = () => {
  ip += 1;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
};

async function post(url: string, body: unknown) {
  db.prepare('DELETE FROM auth_throttle').run();
  db.prepare('DELETE FROM "rateLimit"').run();
  // What the previous request left running (a reset's lookup and e-mail) ends before this one starts.
  await new Promise((resolve) => setTimeout(resolve, 40));
  const started = process.hrtime.bigint();
  const response = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': nextIp() },
    body: JSON.stringify(body),
  });
  await response.text();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, status: response.status };
}

const signUpBody = (email: string) => ({
  nom: 'Camille Martin',
  telephone: '06 11 22 33 44',
  email,
  adresse: '3 place Bellecour, 69002 Lyon',
  type: 'particulier',
  motDePasse: 'un-mot-de-passe-solide',
  confirmation: 'un-mot-de-passe-solide',
  resterConnecte: true,
});

type Kind = { name: string; request: (round: number) => Promise<{ ms: number; status: number }> };
const results = new Map<string, { ms: number[]; statuses: Set<number> }>();

try {
  await upsertAdmin({ ...ADMIN, env: { DATA_DIR: server.dataDir, ADMIN_EMAIL: ADMIN.email, LOG_LEVEL: 'silent' } });
  const customer = 'client-existant@exemple.fr';
  await post('/api/comptes/inscription', signUpBody(customer));
  db.prepare('UPDATE "user" SET emailVerified = 1 WHERE email = ?').run(customer);

  const kinds: Kind[] = [
    { name: 'reset request, address with an account', request: () => post('/api/auth/request-password-reset', { email: customer }) },
    {
      name: 'reset request, address without an account',
      request: () => post('/api/auth/request-password-reset', { email: 'personne@exemple.fr' }),
    },
    { name: 'sign-up, new address', request: (round) => post('/api/comptes/inscription', signUpBody(`nouveau-${round}@exemple.fr`)) },
    { name: 'sign-up, address with an account', request: () => post('/api/comptes/inscription', signUpBody(customer)) },
    { name: "sign-up, the administrator's address", request: () => post('/api/comptes/inscription', signUpBody(ADMIN.email)) },
  ];
  // Warm-up: the JIT, the connection, the first scrypt.
  for (const kind of kinds) for (let round = 0; round < 5; round += 1) await kind.request(-1 - round);
  for (let round = 0; round < ROUNDS; round += 1) {
    // A new order each round: no kind always follows another.
    const order = kinds.map((kind) => ({ kind, key: Math.random() })).sort((a, b) => a.key - b.key);
    for (const { kind } of order) {
      const { ms, status } = await kind.request(round);
      const entry = results.get(kind.name) ?? { ms: [], statuses: new Set() };
      entry.ms.push(ms);
      entry.statuses.add(status);
      results.set(kind.name, entry);
    }
  }

  const quantile = (values: number[], q: number) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
  console.log(`| Request (${ROUNDS} each, interleaved) | answers | median (ms) | p10 (ms) | p90 (ms) |`);
  console.log('|---|---|---:|---:|---:|');
  for (const { name } of kinds) {
    const entry = results.get(name)!;
    console.log(
      `| ${name} | ${[...entry.statuses].join(', ')} | ${quantile(entry.ms, 0.5).toFixed(1)} | ${quantile(entry.ms, 0.1).toFixed(1)} | ${quantile(entry.ms, 0.9).toFixed(1)} |`,
    );
  }
} finally {
  db.close();
  await server.stop();
}
