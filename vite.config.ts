import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';
const outDir = fileURLToPath(new URL('./dist/client', import.meta.url));
const ssrOutDir = fileURLToPath(new URL('./dist/server', import.meta.url));

/**
 * Writes a .br and a .gz beside every text asset of the build, compressed once at the
 * highest levels; the server sends them as they are (@fastify/static preCompressed).
 * index.html is left out: the server rewrites it per page and compresses it on the fly.
 */
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|svg|webmanifest|txt|xml)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : [full];
    });
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file) || statSync(file).size < 1024) continue;
        const source = readFileSync(file);
        const brotli = brotliCompressSync(source, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
        });
        const gzip = gzipSync(source, { level: 9 });
        if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

/**
 * `vite build` builds the browser's bundle into dist/client; `vite build --ssr` (the second
 * half of `npm run build`) builds src/client/entry-server.tsx into dist/server, which the
 * server uses to prerender the public pages (src/server/system/prerender.ts).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  publicDir: isSsrBuild ? false : fileURLToPath(new URL('./src/client/public', import.meta.url)),
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  resolve: {
    // See src/client/lib/zod-jitless.ts: no eval in the browser, as the CSP requires.
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/client/lib/zod-jitless.ts', import.meta.url)) }],
  },
  build: isSsrBuild
    ? { outDir: ssrOutDir, emptyOutDir: true, ssr: 'entry-server.tsx' }
    : {
        outDir,
        emptyOutDir: true,
        // Keeps inline <script> out of index.html so the CSP can stay "self only".
        modulePreload: { polyfill: false },
        assetsInlineLimit: 0,
        // Read by the server to preload a lazily loaded public page's chunks with its HTML.
        manifest: true,
      },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
}));
