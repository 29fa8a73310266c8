// Throughput of the price simulation on this machine, as a ratio to a trivial route measured
// in the same run (the machines are shared and noisy: only ratios compare across runs).
// Run: npm run bench:simulation  (writes nothing; paste the table into BENCHMARKS.md)
import autocannon from 'autocannon';
import { startServer } from './lib/server.ts';

type Row = { name: string; rps: number; p50: number; p99: number; non2xx: number };

async function measure(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ duration: 10, connections: 50, ...options });
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

const server = await startServer();
const json = { 'content-type': 'application/json' };
try {
  // Warm the gazetteer and the JIT.
  await autocannon({ url: `${server.url}/api/adresses?q=lyon`, duration: 2, connections: 10 });

  const trivial = await measure('GET /api/config (trivial route)', { url: `${server.url}/api/config` });
  const distance = await measure('POST /api/getDistance', {
    url: `${server.url}/api/getDistance`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ depart: '12 rue de la République, 69002 Lyon', arrivee: 'Saint-Étienne' }),
  });
  const simulation = await measure('POST /api/devis/simulation (visitor, estimate only)', {
    url: `${server.url}/api/devis/simulation`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ adresseDepart: 'Paris', adresseArrivee: 'Lyon', typeVehicule: 'Berline' }),
  });
  const suggestions = await measure('GET /api/adresses?q=… (autocomplete)', {
    url: `${server.url}/api/adresses?q=saint%20et`,
    requests: [{ path: '/api/adresses?q=saint%20et' }, { path: '/api/adresses?q=bordea' }, { path: '/api/adresses?q=69002' }],
  });

  const rows = [trivial, distance, simulation, suggestions];
  console.log('| Route | req/s | p50 (ms) | p99 (ms) | ratio to trivial | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${(row.rps / trivial.rps).toFixed(2)} | ${row.non2xx} |`,
    );
  }
} finally {
  await server.stop();
}
