import './http/zod-french.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyPlugin from 'fastify-plugin';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_DOCS_PATH, API_PREFIX } from '#domain/api-paths.ts';
import { isSpaRoute, routeTable } from '#domain/paths.ts';
import { apiErrorMessages } from '#domain/texts/errors.ts';
import { authMigrations, createAuth, type Auth } from './accounts/auth.ts';
import { authBridge } from './accounts/auth-bridge.ts';
import { createGeo, type Geo } from './geo/index.ts';
import { createGuards, type Guards } from './accounts/guards.ts';
import { publicConfig, type Config } from './config.ts';
import { fromProjectRoot } from './project-root.ts';
import { openDatabase, type DatabaseHandle } from './db/index.ts';
import { migrateAll } from './db/migrate.ts';
import { errorHandler, notFoundApi } from './error-handler.ts';
import { registerJsonParser } from './json-body.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createOutboxWorker, type OutboxWorker } from './outbox/worker.ts';
import { createEinvoicing, type Einvoicing } from './einvoicing/service.ts';
import type { Platform } from './einvoicing/platform-client.ts';
import type { InvoiceHooks } from './invoices/service.ts';
import { createSmsSender, type SmsSender } from './outbox/sms.ts';
import { createBackgroundTasks, type BackgroundTasks } from './tasks/background.ts';
import { originCheck } from './security/origin-check.ts';
import { registerPublicRateLimit } from './security/public-rate-limit.ts';
import { createPageRenderer, PRERENDERED_PATHS, type ViteManifest } from './system/page-head.ts';
import { createPrerender } from './system/prerender.ts';
import { siteFiles, systemRoutes } from './system/routes.ts';
import { registerRoleScopes, type CapabilityRoutes } from './http/role-scopes.ts';
import { accountRoutes } from './accounts/routes.ts';
import { adminHomeRoutes } from './admin-home/routes.ts';
import { addressRoutes } from './addresses/routes.ts';
import { auditAdminWrites } from './audit/admin-writes.ts';
import { auditRoutes } from './audit/routes.ts';
import { expenseRoutes } from './expenses/routes.ts';
import { createExpenseFrom, putReceipt } from './expenses/service.ts';
import { invoiceRoutes } from './invoices/routes.ts';
import { einvoicingRoutes } from './einvoicing/routes.ts';
import { missionRoutes } from './missions/routes.ts';
import type { PaymentProvider } from './payments/provider/provider.ts';
import { createStripeProvider } from './payments/provider/stripe.ts';
import { reminderTask } from './payments/reminders.ts';
import { paymentRoutes } from './payments/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { privacyRoutes } from './privacy/routes.ts';
import { QUOTE_MAIL_KIND, quoteMailHooks } from './quotes/confirmation-mail.ts';
import { quoteRoutes } from './quotes/routes.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { signatureRoutes } from './signatures/routes.ts';
import { legalRoutes } from './legal/routes.ts';
import { cgvPageData } from './legal/cgv.ts';
import { twoFactorRoutes } from './two-factor/routes.ts';
import { trackingCapability } from './tracking/routes.ts';
import { trackingRetentionTask } from './tracking/retention.ts';
import { createFileStore, type FileStore } from './storage/file-store.ts';
import { apiDocs, notBuiltPage } from '#domain/texts/server.ts';
import { sealLoader, type Seal } from './signatures/seal.ts';
import { retentionTask } from './privacy/retention.ts';
import { missingPdfsTask } from './invoices/issuing.ts';
import { createTaskRunner, type TaskRunner } from './tasks/declared-tasks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    outbox: OutboxWorker;
    /** E-invoicing through the approved platform (inert when PA_* is unset). */
    einvoicing: Einvoicing;
    /** What other capabilities do when an invoice is issued or paid (e-invoicing's submission). */
    invoiceHooks: InvoiceHooks;
    background: BackgroundTasks;
    /** The declared background tasks (retention, …): tests run one now with `app.tasks.runNow`. */
    tasks: TaskRunner;
    fileStore: FileStore;
    auth: Auth;
    guards: Guards;
    geo: Geo;
    /** The card payment provider (payments/); null when PAYMENT_PROVIDER is unset: no « Payer en ligne ». */
    payments: PaymentProvider | null;
    /** The certificate that seals signed documents, opened (or generated into DATA_DIR) on first use. */
    seal: () => Promise<Seal>;
    routeCatalogue: RouteEntry[];
    /** Prerenders the public pages ahead of their first visitor (a no-op without a build). */
    warmPages: () => Promise<void>;
  }
}

type RouteEntry = { method: string; url: string };

export type AppOverrides = {
  mailer?: Mailer;
  sms?: SmsSender;
  fileStore?: FileStore;
  geo?: Geo;
  /** The approved platform's client (tests give a fake one; by default, from PA_*). */
  platform?: Platform;
  logger?: FastifyServerOptions['logger'];
  /** Where the app's own logger writes its JSON lines instead of stdout (tests read them back). */
  logStream?: { write(line: string): void };
};

const CLIENT_DIST = fromProjectRoot('dist', 'client');

/** Builds the whole application from a config; main.ts and the tests both call it. */
export async function buildApp(config: Config, overrides: AppOverrides = {}) {
  const options: FastifyServerOptions = {
    logger: overrides.logger ?? loggerOptions(config, overrides.logStream),
    // A hop count is valid for Fastify (proxy-addr) even though its types omit it.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 1024 * 1024,
    // A URL that cannot be decoded (a lone surrogate as %ED%A0%80): our French 400, not Fastify's English one.
    frameworkErrors: (error, request, reply) => {
      request.log.warn({ err: error }, 'refused: malformed URL');
      return (reply as FastifyReply).status(400).send({ error: 'validation', message: apiErrorMessages.validation });
    },
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  // Every route, as registered: the access-matrix test checks that none is left out.
  const routeCatalogue: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeCatalogue.push({ method: String(method), url: route.url });
  });
  app.decorate('routeCatalogue', routeCatalogue);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonParser(app);

  const database = openDatabase(config.database, app.log);
  const mailer =
    overrides.mailer ??
    createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: path.join(config.dataDir, 'mails'), logger: app.log });
  const fileStore = overrides.fileStore ?? createFileStore(config.storage);
  const sms = overrides.sms ?? createSmsSender(config.sms, app.log);
  const outbox = createOutboxWorker({ database, mailer, sms, fileStore, log: app.log, options: config.outbox });
  const background = createBackgroundTasks(app.log);
  const tasks = createTaskRunner({ database, log: app.log });
  if (config.retention.intervalMinutes > 0) {
    tasks.declare(retentionTask(config.retention));
    tasks.declare(trackingRetentionTask(config.retention.intervalMinutes, config.tracking.retentionDays));
  }
  tasks.declare(missingPdfsTask({ fileStore, outbox, config }));
  const einvoicing = createEinvoicing({
    database,
    fileStore,
    config,
    log: app.log,
    invoices: () => ({ database, fileStore, outbox, config, log: app.log }),
    // An approved supplier invoice becomes an expense (issue 30) of the category chosen, its PDF the receipt.
    createExpense: {
      create: createExpenseFrom,
      attachReceipt: async (expenseId, pdf) => {
        await putReceipt({ database, fileStore, config, log: app.log }, expenseId, pdf).catch((error: unknown) =>
          app.log.error({ err: error, depenseId: expenseId }, 'the supplier invoice could not be attached to its expense'),
        );
      },
    },
    platform: overrides.platform,
  });
  const pollTask = einvoicing.pollTask();
  if (pollTask) tasks.declare(pollTask);
  if (config.payments.reminderIntervalMinutes > 0) tasks.declare(reminderTask({ config, outbox }));
  // Work started by requests first (it may queue e-mails), then the worker (it finishes the
  // message it is sending) and the declared tasks, then what they use.
  app.addHook('onClose', async () => {
    await background.drain();
    await einvoicing.stop();
    await outbox.stop();
    await tasks.stop();
    mailer.close();
    await database.close();
  });
  const auth = createAuth({ config, database, outbox });
  await migrateAll(database, authMigrations(auth));

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('outbox', outbox);
  app.decorate('einvoicing', einvoicing);
  app.decorate('invoiceHooks', einvoicing.hooks);
  app.decorate('background', background);
  app.decorate('tasks', tasks);
  app.decorate('fileStore', fileStore);
  app.decorate('auth', auth);
  app.decorate('guards', createGuards(auth, config));
  app.decorate('geo', overrides.geo ?? createGeo(config.geo, { logger: app.log }));
  app.decorate('payments', config.payments.provider ? createStripeProvider(config.payments.provider) : null);
  app.decorate('seal', sealLoader(config));

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // blob: the inspection pages show the photos kept on the phone before they are sent.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  await app.register(compress, { global: true, threshold: 1024 });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'API Convoyage Pro',
        description: apiDocs.description,
        version: '1.0.0',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'convoyage.session_token' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    staticCSP: true,
    // swagger-ui writes its own CSP (with hashes for its page); keep framing forbidden there too.
    transformStaticCSP: forbidFraming,
  });

  app.setErrorHandler(errorHandler);
  await app.register(fastifyPlugin(originCheck));
  await app.register(fastifyPlugin(registerPublicRateLimit));

  await app.register(authBridge);
  await app.register(siteFiles);
  app.outbox.register(QUOTE_MAIL_KIND, quoteMailHooks);
  await registerRoleScopes(app, CAPABILITIES, {
    // Every change the administrator makes is journalled (audit/).
    admin: async (scope) => {
      await scope.register(fastifyPlugin(auditAdminWrites));
    },
  });
  await registerSpa(app);
  // Sends what earlier runs left waiting (a crash, a restart) as soon as the app is up.
  app.addHook('onReady', async () => {
    outbox.start();
    tasks.start();
    einvoicing.start();
  });
  return app;
}

/** Every capability's routes, each registered inside the scope of its role (http/role-scopes.ts). */
const CAPABILITIES: readonly CapabilityRoutes[] = [
  systemRoutes,
  accountRoutes,
  addressRoutes,
  quoteRoutes,
  signatureRoutes,
  legalRoutes,
  notificationRoutes,
  missionRoutes,
  trackingCapability,
  invoiceRoutes,
  einvoicingRoutes,
  expenseRoutes,
  paymentRoutes,
  sessionRoutes,
  auditRoutes,
  privacyRoutes,
  twoFactorRoutes,
  adminHomeRoutes,
];

/**
 * A CSP with its frame-ancestors directive, whatever it was, replaced by 'none' (a browser
 * obeys the first of two), and without empty directives.
 */
export function forbidFraming(header: string): string {
  const directives = header
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && !/^frame-ancestors\b/i.test(directive));
  return [...directives, "frame-ancestors 'none'"].join('; ');
}

/** One-time tokens (e-mail verification, password reset) never reach the logs. */
function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code)=)[^&#]*/gi, '$1[redacted]');
}

/** What a request log line says of the request: no cookies, no tokens. */
export const requestSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: redactUrl(request.url), hostname: request.host, remoteAddress: request.ip };
  },
};

function loggerOptions(config: Config, stream?: AppOverrides['logStream']): FastifyServerOptions['logger'] {
  const pretty = !stream && process.stdout.isTTY && config.nodeEnv !== 'production';
  return {
    level: config.logLevel,
    serializers: requestSerializers,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(stream ? { stream } : {}),
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } } : {}),
  };
}

/**
 * The built SPA: hashed assets cached for a year, index.html never cached, the SPA's
 * routes answered 200 and every other non-API path answered 404 with the SPA's own page.
 */
async function registerSpa(app: FastifyInstance): Promise<void> {
  const indexFile = path.join(CLIENT_DIST, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: CLIENT_DIST,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each text asset (vite.config.ts): no work per request.
      preCompressed: true,
      allowedPath: (pathname) => pathname !== '/index.html' && !pathname.startsWith('/.vite/'),
      setHeaders(reply, filePath) {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  const manifestFile = path.join(CLIENT_DIST, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest) : null;
  const renderPage = hasBuild
    ? createPageRenderer(injectConfig(readFileSync(indexFile, 'utf8'), app.config), app.config, {
        manifest,
        prerender: createPrerender(publicConfig(app.config)),
        pageData: (pathname) =>
          pathname === routeTable.cgv.path ? cgvPageData({ database: app.database, config: app.config }) : Promise.resolve(null),
        onPrerenderError: (error, pathname) =>
          app.log.warn({ err: error, pathname }, 'prerendering failed: the page is sent without its markup'),
      })
    : null;

  app.decorate('warmPages', async () => {
    if (renderPage) await Promise.all(PRERENDERED_PATHS.map((pathname) => renderPage(pathname)));
  });

  app.setNotFoundHandler(async (request, reply) => {
    const [pathname = '/', query] = request.url.split('?');
    if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) return notFoundApi(request, reply);
    if (request.method !== 'GET' && request.method !== 'HEAD') return notFoundApi(request, reply);
    reply.header('cache-control', 'no-cache');
    reply.status(isSpaRoute(pathname) ? 200 : 404).type('text/html; charset=utf-8');
    if (!renderPage) {
      return reply.send(
        `<!doctype html><html lang="fr"><meta charset="utf-8"><title>${notBuiltPage.title}</title><p>${notBuiltPage.body} <code>npm run build</code>.</p></html>`,
      );
    }
    const page = await renderPage(pathname, { hasQuery: query !== undefined });
    const accepted = String(request.headers['accept-encoding'] ?? '');
    reply.header('vary', 'accept-encoding');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  });
}

/** The public configuration travels inside index.html as inert JSON (no inline script to run). */
function injectConfig(html: string, config: Config): string {
  const json = JSON.stringify(publicConfig(config)).replace(/</g, '\\u003c');
  return html.replace('<!--app-config-->', `<script id="app-config" type="application/json">${json}</script>`);
}
