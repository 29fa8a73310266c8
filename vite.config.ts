import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiPort = process.env.API_PORT ?? '3001';
const outDir = fileURLToPath(new URL('./dist/client', import.meta.url));
const ssrOutDir = fileURLToPath(new URL('./dist/server', import.meta.url));

/**
 * Writes a .br and a .gz beside every text asset of the build (public files included) of
 * 1 kB or more, compressed once at the highest levels, and only where it is smaller; the
 * server sends them as they are (@fastify/static preCompressed). index.html is left out:
 * the server rewrites it per page and compresses it itself.
 */
const precompress = () =>
  compression({
    include: /\.(js|mjs|css|svg|webmanifest|txt|xml)$/,
    threshold: 1024,
    skipIfLargerOrEqual: true,
    algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
    logLevel: 'silent',
  });

/**
 * The back office's service worker (src/client/sw/sw.ts), built to dist/client/sw.js with the
 * list of the scripts and styles to precache. Registered by the back office's pages only
 * (src/client/sw/register.ts): no registration script, no manifest, nothing added to the
 * public pages. The PDF reader's worker (signing page only) and the pictures are left out.
 */
const backOfficeWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['assets/*.{js,css,woff2}'],
      globIgnores: ['assets/pdf.worker*'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
    devOptions: { enabled: false },
    integration: {
      // The worker's own build: quiet unless something is wrong (vite-plugin-pwa prints what
      // it wrote), and rolldown's single-file option instead of Rollup's deprecated
      // `inlineDynamicImports` that the plugin still sets.
      configureCustomSWViteBuild(inlineConfig) {
        inlineConfig.logLevel = 'warn';
        const output = inlineConfig.build?.rollupOptions?.output;
        if (output && !Array.isArray(output) && 'inlineDynamicImports' in output) {
          delete output.inlineDynamicImports;
          output.codeSplitting = false;
        }
      },
    },
  });

/**
 * One known, harmless warning is left out of the build's output. `composes: card from
 * '…/ui/cards.module.css'` makes postcss-modules (bundled in Vite) prepend that file's rules to
 * the module that composes them, parsed without a source file; Vite's url() rewriting then warns
 * once per build that « A PostCSS plugin did not pass the `from` option ». It only matters for a
 * url() in a composed file, and the composed files (src/client/ui/*.module.css) have none.
 */
const quietComposesWarning = (): Plugin => ({
  name: 'convoyage:quiet-composes-warning',
  configResolved(config) {
    const { warnOnce } = config.logger;
    config.logger.warnOnce = (message, options) => {
      if (!message.includes('did not pass the `from` option to `postcss.parse`')) warnOnce(message, options);
    };
  },
});

/**
 * Rolldown's plugin timings report is a profiling aid, printed whenever plugins take a good
 * share of a build, which on a busy 2-core machine is every build: not a fault. Profile with
 * `node --cpu-prof node_modules/vite/bin/vite.js build` when the build is slow.
 */
const checks = { bundlerTimings: false };

/**
 * `vite build` builds the browser's bundle into dist/client; `vite build --ssr` (the second
 * half of `npm run build`) builds src/client/entry-server.tsx into dist/server, which the
 * server uses to prerender the public pages (src/server/system/prerender.ts).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  publicDir: isSsrBuild ? false : fileURLToPath(new URL('./src/client/public', import.meta.url)),
  plugins: isSsrBuild ? [react(), quietComposesWarning()] : [react(), quietComposesWarning(), backOfficeWorker(), precompress()],
  resolve: {
    // See src/client/lib/zod-jitless.ts: no eval in the browser, as the CSP requires.
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/client/lib/zod-jitless.ts', import.meta.url)) }],
  },
  build: isSsrBuild
    ? { outDir: ssrOutDir, emptyOutDir: true, ssr: 'entry-server.tsx', rolldownOptions: { checks } }
    : {
        outDir,
        emptyOutDir: true,
        // Keeps inline <script> out of index.html so the CSP can stay "self only".
        modulePreload: {
          polyfill: false,
          // The invoice pages are the back office's alone: their chunks' imports load when they
          // are opened (one more round trip for the administrator) rather than being listed in
          // the home page's bundle for every visitor. Their CSS is still loaded with them.
          resolveDependencies: (filename, deps, { hostType }) =>
            hostType === 'js' && /(^|\/)admin(-[\w-]+)?-page-/.test(filename) ? [] : deps,
        },
        assetsInlineLimit: 0,
        // Read by the server to preload a lazily loaded public page's chunks with its HTML.
        manifest: true,
        rolldownOptions: {
          checks,
          output: {
            // The invoice components (admin screens, the customer's list, the quote's button)
            // share one lazy chunk instead of a handful: every chunk name and dependency list costs
            // the home page's bundle bytes in the preload map (BENCHMARKS.md, JavaScript before
            // the home page is interactive). uPlot stays in a chunk of its own.
            codeSplitting: {
              groups: [
                {
                  name: 'invoices',
                  test: /src\/client\/features\/invoices\/|src\/domain\/(texts\/invoices|invoices|schemas\/invoices)\.ts/,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
}));
