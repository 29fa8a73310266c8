// Fills the `nodes` of src/server/geo/road-network.json from the gazetteer: for each town named by
// a road ("Name" or "Name@département"), the INSEE code and coordinates of the current commune of
// that name (in that département when given), the most populated when several match. Run after
// editing the roads: `npx tsx scripts/build-road-network.ts`. Fails, naming them, if a town is
// unknown, and lists ambiguous names resolved by population so they can be pinned with @.
// A town must have a measured position (GeoNames, or entered by hand): a position estimated from
// the communes of its postcode or intercommunality can lie kilometres off the road (median 4 km)
// and would add a zigzag the road does not have, so such a town fails the build too.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { loadGazetteer, measuredCommuneCodes } from '../src/server/geo/gazetteer.ts';
import { normalizeText } from '../src/server/geo/normalize.ts';

const file = fileURLToPath(new URL('../src/server/geo/road-network.json', import.meta.url));
const network = JSON.parse(readFileSync(file, 'utf8')) as {
  roads: { ref: string; towns: string[] }[];
  nodes: Record<string, [number, number, string]>;
};
const gazetteer = loadGazetteer();
const measured = measuredCommuneCodes();

const nodes: Record<string, [number, number, string]> = {};
const unknown: string[] = [];
const ambiguous: string[] = [];
const estimated: string[] = [];
for (const road of network.roads) {
  for (const town of road.towns) {
    if (nodes[town]) continue;
    const [name, departement] = town.split('@') as [string, string | undefined];
    const candidates = (gazetteer.byName.get(normalizeText(name)) ?? []).filter(
      (c) => c.kind === 'C' && (!departement || c.code.startsWith(departement)),
    );
    const best = candidates[0];
    if (!best) {
      unknown.push(`${road.ref}: ${town}`);
      continue;
    }
    if (!measured.has(best.code)) estimated.push(`${road.ref}: ${town}`);
    if (!departement && candidates.length > 1) ambiguous.push(`${town} → ${best.code} (${candidates.length} communes)`);
    nodes[town] = [Number(best.lat.toFixed(5)), Number(best.lon.toFixed(5)), best.code];
  }
}
if (ambiguous.length > 0) console.log(`Resolved by population:\n  ${ambiguous.join('\n  ')}`);
if (unknown.length > 0) console.error(`Unknown towns:\n  ${unknown.join('\n  ')}`);
if (estimated.length > 0) console.error(`Towns whose position is only estimated (leave them out):\n  ${estimated.join('\n  ')}`);
if (unknown.length > 0 || estimated.length > 0) process.exit(1);
// Written as Prettier would, so that `npm run lint` stays clean.
const options = { ...(await resolveConfig(file)), parser: 'json' };
writeFileSync(file, await format(JSON.stringify({ ...network, nodes }), options));
console.log(`${Object.keys(nodes).length} nodes, ${network.roads.length} roads written to ${file}`);
