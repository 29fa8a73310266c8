#!/usr/bin/env node
/**
 * The JavaScript the home page loads before it is interactive, measured from the build:
 * the module scripts and modulepreload links of dist/client/index.html, plus every chunk
 * they import statically (followed recursively), each gzipped at level 9 (the .gz the build
 * ships). Lazy chunks (import()) are not counted: they load only when their page is visited.
 *
 * Usage: npm run build && node bench/bundle-size.mjs [--budget-kb 100]
 * Exits 1 above the budget (kB = 1000 bytes, as Vite reports sizes).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/client/', import.meta.url));
const budgetArg = process.argv.indexOf('--budget-kb');
const budgetKb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 100;

const indexFile = path.join(dist, 'index.html');
if (!existsSync(indexFile)) {
  console.error('dist/client/index.html is missing: run `npm run build` first.');
  process.exit(2);
}
const html = readFileSync(indexFile, 'utf8');

const entries = [
  ...html.matchAll(/<script\b[^>]*type="module"[^>]*\bsrc="([^"]+)"/g),
  ...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*\bhref="([^"]+)"/g),
].map((match) => match[1]);

/** Static imports of a built chunk: `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`. */
function staticImports(code) {
  const found = new Set();
  for (const match of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
    found.add(match[1]);
  }
  return [...found];
}

const seen = new Map();
function visit(url, fromFile) {
  const file = url.startsWith('/') ? path.join(dist, url) : path.resolve(path.dirname(fromFile), url);
  if (seen.has(file)) return;
  const source = readFileSync(file);
  const gzipped = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : gzipSync(source, { level: 9 }).length;
  seen.set(file, { raw: source.length, gzip: gzipped });
  for (const imported of staticImports(source.toString('utf8'))) visit(imported, file);
}
for (const entry of entries) visit(entry, indexFile);

let totalGzip = 0;
let totalRaw = 0;
console.log('JavaScript loaded before the home page is interactive:');
for (const [file, size] of seen) {
  totalGzip += size.gzip;
  totalRaw += size.raw;
  console.log(
    `  ${path.relative(dist, file).padEnd(44)} ${(size.raw / 1000).toFixed(1).padStart(8)} kB raw ${(size.gzip / 1000).toFixed(1).padStart(8)} kB gzip`,
  );
}
console.log(
  `  ${'total'.padEnd(44)} ${(totalRaw / 1000).toFixed(1).padStart(8)} kB raw ${(totalGzip / 1000).toFixed(1).padStart(8)} kB gzip`,
);
const isOver = totalGzip > budgetKb * 1000;
console.log(`${isOver ? 'OVER BUDGET' : 'within budget'}: ${(totalGzip / 1000).toFixed(1)} kB gzip of ${budgetKb} kB`);
process.exit(isOver ? 1 : 0);
