// Test helper (and `npm run fake-platform`): an approved e-invoicing platform on the loopback
// interface, speaking XP Z12-013 as the open-source clients implement it (docs/decisions/): OAuth2
// client credentials, the Flow Service (multipart submission, search, flow metadata and files),
// the Directory Service's line search, webhooks. It can be told what a real platform does on its
// own (acknowledge, reject with reasons, forward a buyer's statuses, deliver a supplier invoice)
// and how a bad platform fails (no answer, 500, malformed JSON, accepting and then failing).
import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { LifecycleCode } from '#domain/einvoicing.ts';
import { buildCdar } from '#server/einvoicing/cdar.ts';
import { readSupplierInvoice } from '#server/einvoicing/supplier-invoice.ts';
import { readEmbeddedFile } from '#server/invoices/factur-x.ts';

export const FAKE_CLIENT_ID = 'convoyage-test';
export const FAKE_CLIENT_SECRET = 'secret-de-test-de-la-plateforme';
export const FAKE_WEBHOOK_SECRET = 'secret-du-webhook-de-test-0123456789';

const FLOW_SYNTAXES = ['CII', 'UBL', 'Factur-X', 'CDAR', 'FRR'];
const FLOW_PROFILES = ['Basic', 'CIUS', 'Extended-CTC-FR'];
const PROCESSING_RULES = ['B2B', 'B2BInt', 'B2C', 'OutOfScope', 'ArchiveOnly', 'NotApplicable'];

export type FakeFlow = {
  flowId: string;
  trackingId: string | null;
  name: string | null;
  flowSyntax: string;
  flowProfile: string | null;
  flowType: string;
  flowDirection: 'In' | 'Out';
  processingRule: string | null;
  processingRuleSource: 'Input' | 'Computed';
  sha256: string;
  submittedAt: string;
  updatedAt: string;
  acknowledgement: {
    status: 'Pending' | 'Ok' | 'Error';
    details: { level: string; item: string; reasonCode: string; reasonMessage: string }[];
  };
};

type StoredFile = { content: Buffer; contentType: string; readable?: Buffer };
type Failure = 'timeout' | '500' | 'malformed' | 'accepted-then-500' | '401';
type Route = 'token' | 'submit' | 'search' | 'flow' | 'directory';
type DirectoryLine = Record<string, unknown>;

export type FakePlatform = Awaited<ReturnType<typeof startFakePlatform>>;

export async function startFakePlatform({
  port = 0,
  autoSettleMs = 0,
  controlRoutes = false,
}: {
  port?: number;
  /** Acknowledges each submission this long after it (0: only when told, `settle()`). */
  autoSettleMs?: number;
  /** Serves `/_fake/…`: what a test tells the platform to do, over HTTP (manual checks, Playwright). */
  controlRoutes?: boolean;
} = {}) {
  const flows: FakeFlow[] = [];
  const files = new Map<string, StoredFile>();
  const tokens = new Set<string>();
  const failures: { route: Route; failure: Failure }[] = [];
  const rejections = new Map<string, { reasonCode: string; reasonMessage: string; item: string }>();
  const directory = new Map<string, DirectoryLine[]>();
  const webhooks = new Map<string, { url: string }>();
  const requests: { method: string; url: string; headers: Record<string, unknown> }[] = [];
  const hanging = new Set<FastifyReply>();
  let clock = Date.now();
  /** Every change gets a moment of its own, later than the previous one: `updatedAfter` is strict. */
  const tick = () => new Date((clock = Math.max(clock + 1, Date.now()))).toISOString();

  const app = Fastify({ logger: false, bodyLimit: 20 * 1024 * 1024 });
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addHook('onRequest', async (request) => {
    requests.push({ method: request.method, url: request.url, headers: request.headers });
  });

  const error = (reply: FastifyReply, status: number, errorCode: string, errorMessage: string) =>
    reply.status(status).send({ errorCode, errorMessage });

  /** A failure the test asked for, on this route: true when the reply is taken care of. */
  function injectedFailure(route: Route, reply: FastifyReply): Failure | null {
    const index = failures.findIndex((entry) => entry.route === route);
    if (index < 0) return null;
    const { failure } = failures.splice(index, 1)[0]!;
    if (failure === 'timeout') hanging.add(reply);
    else if (failure === '500') void error(reply, 500, 'INTERNAL_ERROR', 'Erreur interne');
    else if (failure === 'malformed') void reply.status(200).type('application/json').send('{"flowId": "');
    else if (failure === '401') void error(reply, 401, 'UNAUTHORIZED', 'Jeton expiré');
    return failure;
  }

  function authorised(request: FastifyRequest, reply: FastifyReply): boolean {
    const token = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    if (token && tokens.has(token)) return true;
    void error(reply, 401, 'UNAUTHORIZED', 'Jeton absent ou invalide');
    return false;
  }

  async function notify(flow: FakeFlow) {
    const body = JSON.stringify({ flowInfo: flow });
    const signature = `sha256=${createHmac('sha256', FAKE_WEBHOOK_SECRET).update(body).digest('hex')}`;
    for (const { url } of webhooks.values()) {
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': signature }, body }).catch(
        () => undefined,
      );
    }
  }

  const sha256Of = (file: StoredFile) => createHash('sha256').update(file.content).digest('hex');

  function addFlow(flow: Omit<FakeFlow, 'flowId' | 'sha256' | 'submittedAt' | 'updatedAt'>, file: StoredFile): FakeFlow {
    const at = tick();
    const created: FakeFlow = { ...flow, flowId: randomUUID(), sha256: sha256Of(file), submittedAt: at, updatedAt: at };
    flows.push(created);
    files.set(created.flowId, file);
    return created;
  }

  /** A flow the platform received for the business (a status, a supplier's invoice): acknowledged, and announced to the webhooks. */
  async function addIncomingFlow(flow: Pick<FakeFlow, 'name' | 'flowSyntax' | 'flowProfile' | 'flowType'>, file: StoredFile) {
    const created = addFlow(
      {
        ...flow,
        trackingId: null,
        flowDirection: 'In',
        processingRule: 'B2B',
        processingRuleSource: 'Computed',
        acknowledgement: { status: 'Ok', details: [] },
      },
      file,
    );
    await notify(created);
    return created;
  }

  /** What the platform knows of an invoice it carried: from the Factur-X XML of the flow. */
  async function invoiceFacts(flow: FakeFlow) {
    const file = files.get(flow.flowId)!;
    const xml = (await readEmbeddedFile(file.content, ['factur-x.xml']))?.data.toString('utf8') ?? file.content.toString('utf8');
    const invoice = readSupplierInvoice(xml);
    const buyerSiren = /<ram:BuyerTradeParty>[\s\S]*?<ram:ID schemeID="0002">(\d{9})</.exec(xml)?.[1] ?? '000000000';
    return { invoice, buyerSiren };
  }

  /** An incoming lifecycle message about one of the seller's invoices (what the buyer or a platform says). */
  async function emitStatus(
    trackingIdOrNumber: string,
    code: LifecycleCode,
    { reasonCode, reason }: { reasonCode?: string; reason?: string } = {},
  ) {
    const flow = flows.find(
      (candidate) =>
        candidate.flowDirection === 'Out' && candidate.trackingId === trackingIdOrNumber && candidate.flowType === 'CustomerInvoice',
    );
    if (!flow) throw new Error(`no invoice flow with tracking id ${trackingIdOrNumber}`);
    const { invoice, buyerSiren } = await invoiceFacts(flow);
    if (!invoice) throw new Error('the invoice flow has no readable invoice');
    const byPlatform = ['200', '201', '202', '203', '213'].includes(code);
    const cdar = buildCdar({
      id: `CDV-${randomUUID().slice(0, 8)}`,
      issuedAt: new Date(),
      issuer: byPlatform ? { role: 'WK' } : { role: 'BY', siren: buyerSiren },
      recipient: { role: 'SE', siren: invoice.supplierSiren ?? undefined, electronicAddress: invoice.supplierSiren ?? undefined },
      invoice: {
        number: invoice.number,
        typeCode: invoice.typeCode ?? '380',
        issueDate: invoice.issueDate ?? '2026-01-01',
        sellerSiren: invoice.supplierSiren ?? '',
      },
      status: { code, ...(reasonCode ? { reasonCode } : {}), ...(reason ? { reason } : {}) },
    });
    return addIncomingFlow(
      { name: `CDV_${invoice.number}_${code}`, flowSyntax: 'CDAR', flowProfile: null, flowType: 'CustomerInvoiceLC' },
      { content: Buffer.from(cdar), contentType: 'application/xml' },
    );
  }

  /** Acknowledges every pending outgoing flow: `Error` for those the test asked to reject, else `Ok` (and « Déposée » for an invoice). */
  async function settle() {
    const settled: FakeFlow[] = [];
    for (const flow of flows.filter((candidate) => candidate.flowDirection === 'Out' && candidate.acknowledgement.status === 'Pending')) {
      const rejection = flow.trackingId ? rejections.get(flow.trackingId) : undefined;
      flow.acknowledgement = rejection ? { status: 'Error', details: [{ level: 'Error', ...rejection }] } : { status: 'Ok', details: [] };
      flow.updatedAt = tick();
      settled.push(flow);
      await notify(flow);
      if (!rejection && flow.flowType === 'CustomerInvoice' && flow.trackingId) await emitStatus(flow.trackingId, '200');
    }
    return settled;
  }

  /** A supplier's invoice arriving for the business (a Factur-X PDF, or CII/UBL XML with an optional readable PDF). */
  async function deliverSupplierInvoice(file: StoredFile) {
    return addIncomingFlow(
      {
        name: 'Facture fournisseur',
        flowSyntax: file.content.subarray(0, 5).toString('latin1') === '%PDF-' ? 'Factur-X' : 'CII',
        flowProfile: 'CIUS',
        flowType: 'SupplierInvoice',
      },
      file,
    );
  }

  app.post('/oauth2/token', async (request, reply) => {
    if (injectedFailure('token', reply)) return reply;
    const form = (request.body ?? {}) as Record<string, string>;
    const basic = /^Basic (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    const clientId = form.client_id ?? basicId;
    const clientSecret = form.client_secret ?? basicSecret;
    if (form.grant_type !== 'client_credentials') return reply.status(400).send({ error: 'unsupported_grant_type' });
    if (clientId !== FAKE_CLIENT_ID || clientSecret !== FAKE_CLIENT_SECRET) return reply.status(401).send({ error: 'invalid_client' });
    const token = randomUUID();
    tokens.add(token);
    return { access_token: token, token_type: 'Bearer', expires_in: 3600 };
  });

  app.get('/v1/healthcheck', async () => ({ status: 'UP' }));

  app.post('/v1/flows', async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const failure = injectedFailure('submit', reply);
    if (failure && failure !== 'accepted-then-500') return reply;
    if (!request.isMultipart()) return error(reply, 400, 'INVALID_REQUEST', 'multipart/form-data attendu');
    let info: Record<string, unknown> | null = null;
    let file: { content: Buffer; contentType: string; filename: string } | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'flowInfo')
        info = JSON.parse((await part.toBuffer()).toString('utf8')) as Record<string, unknown>;
      // A JSON part (Content-Type: application/json) comes parsed already.
      else if (part.type === 'field' && part.fieldname === 'flowInfo')
        info = (typeof part.value === 'object' ? part.value : JSON.parse(String(part.value))) as Record<string, unknown>;
      else if (part.type === 'file' && part.fieldname === 'file')
        file = { content: await part.toBuffer(), contentType: part.mimetype, filename: part.filename };
    }
    if (!info || !file) return error(reply, 400, 'INVALID_REQUEST', 'Les parties flowInfo et file sont obligatoires');
    const syntax = String(info.flowSyntax ?? '');
    if (!FLOW_SYNTAXES.includes(syntax)) return error(reply, 400, 'INVALID_FLOW_SYNTAX', `flowSyntax invalide : ${syntax}`);
    if (info.flowProfile !== undefined && !FLOW_PROFILES.includes(String(info.flowProfile)))
      return error(reply, 400, 'INVALID_FLOW_PROFILE', 'invalid flowProfile');
    if (info.processingRule !== undefined && !PROCESSING_RULES.includes(String(info.processingRule)))
      return error(reply, 400, 'INVALID_PROCESSING_RULE', 'processingRule invalide');
    const trackingId = typeof info.trackingId === 'string' ? info.trackingId : null;
    if (trackingId && trackingId.length > 36) return error(reply, 400, 'INVALID_TRACKING_ID', 'trackingId : 36 caractères au plus');
    const stored = { content: file.content, contentType: file.contentType };
    const sha256 = sha256Of(stored);
    const flow = addFlow(
      {
        trackingId,
        name: typeof info.name === 'string' ? info.name : file.filename,
        flowSyntax: syntax,
        flowProfile: typeof info.flowProfile === 'string' ? info.flowProfile : null,
        flowType: syntax === 'CDAR' ? 'SupplierInvoiceLC' : syntax === 'FRR' ? 'AggregatedCustomerTransactionReport' : 'CustomerInvoice',
        flowDirection: 'Out',
        processingRule: typeof info.processingRule === 'string' ? info.processingRule : 'B2B',
        processingRuleSource: info.processingRule ? 'Input' : 'Computed',
        acknowledgement:
          typeof info.sha256 === 'string' && info.sha256 !== sha256
            ? {
                status: 'Error',
                details: [
                  { level: 'Error', item: 'sha256', reasonCode: 'ChecksumMismatch', reasonMessage: 'Empreinte SHA-256 différente' },
                ],
              }
            : { status: 'Pending', details: [] },
      },
      stored,
    );
    if (failure === 'accepted-then-500') return error(reply, 500, 'INTERNAL_ERROR', 'Erreur interne après réception');
    if (autoSettleMs > 0) setTimeout(() => void settle(), autoSettleMs).unref();
    const { flowType: _type, flowDirection: _direction, acknowledgement: _ack, updatedAt: _updated, ...fullFlowInfo } = flow;
    return reply.status(202).send(fullFlowInfo);
  });

  app.post('/v1/flows/search', async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    if (injectedFailure('search', reply)) return reply;
    const body = (request.body ?? {}) as { limit?: number; where?: Record<string, unknown> };
    const limit = body.limit ?? 25;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return error(reply, 400, 'INVALID_LIMIT', 'limit : de 1 à 100');
    const where = body.where ?? {};
    if (Object.keys(where).length === 0) return error(reply, 400, 'INVALID_REQUEST', 'where : au moins un critère');
    const inList = (value: unknown, candidate: string | null) => !Array.isArray(value) || value.includes(candidate);
    const results = flows
      .filter(
        (flow) =>
          (!where.updatedAfter || flow.updatedAt > String(where.updatedAfter)) &&
          (!where.updatedBefore || flow.updatedAt < String(where.updatedBefore)) &&
          (!where.trackingId || flow.trackingId === where.trackingId) &&
          (!where.ackStatus || flow.acknowledgement.status === where.ackStatus) &&
          inList(where.flowType, flow.flowType) &&
          inList(where.flowDirection, flow.flowDirection) &&
          inList(where.processingRule, flow.processingRule),
      )
      .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))
      .slice(0, limit);
    return { limit, filters: where, results };
  });

  app.get('/v1/flows/:flowId', async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    if (injectedFailure('flow', reply)) return reply;
    const { flowId } = request.params as { flowId: string };
    const docType = (request.query as { docType?: string }).docType ?? 'Metadata';
    const flow = flows.find((candidate) => candidate.flowId === flowId);
    const file = files.get(flowId);
    if (!flow || !file) return error(reply, 404, 'MISSING_RESOURCE', 'Flux introuvable');
    if (docType === 'Metadata') return flow;
    if (docType === 'Original' || docType === 'Converted') return reply.type(file.contentType).send(file.content);
    if (docType === 'ReadableView')
      return file.readable
        ? reply.type('application/pdf').send(file.readable)
        : error(reply, 404, 'MISSING_RESOURCE', 'Pas de vue lisible');
    return error(reply, 400, 'INVALID_DOC_TYPE', `docType invalide : ${docType}`);
  });

  app.post('/v1/directory-line/search', async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    if (injectedFailure('directory', reply)) return reply;
    const body = (request.body ?? {}) as { filters?: { siren?: { op?: string; value?: string } } };
    const siren = body.filters?.siren?.value;
    if (!siren) return error(reply, 400, 'INVALID_REQUEST', 'filters.siren attendu');
    const results = directory.get(siren) ?? [];
    return { search: body, totalNumberOfResults: results.length, results };
  });

  app.post('/v1/webhooks', async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const body = (request.body ?? {}) as { url?: string };
    if (!body.url) return error(reply, 400, 'INVALID_REQUEST', 'url attendue');
    const webhookId = randomUUID();
    webhooks.set(webhookId, { url: body.url });
    return reply.status(201).send({ webhookId, url: body.url });
  });
  app.get('/v1/webhooks', async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    return [...webhooks.entries()].map(([webhookId, hook]) => ({ webhookId, ...hook }));
  });
  app.delete('/v1/webhooks/:id', async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    webhooks.delete((request.params as { id: string }).id);
    return reply.status(204).send();
  });

  if (controlRoutes) {
    app.get('/_fake/flows', async () => flows);
    app.post('/_fake/settle', async () => settle());
    app.post('/_fake/status', async (request, reply) => {
      const body = (request.body ?? {}) as { trackingId?: string; code?: LifecycleCode; reasonCode?: string; reason?: string };
      if (!body.trackingId || !body.code) return error(reply, 400, 'INVALID_REQUEST', 'trackingId et code attendus');
      return emitStatus(body.trackingId, body.code, { reasonCode: body.reasonCode, reason: body.reason });
    });
    app.post('/_fake/reject', async (request, reply) => {
      const body = (request.body ?? {}) as { trackingId?: string; reasonCode?: string; reasonMessage?: string };
      if (!body.trackingId) return error(reply, 400, 'INVALID_REQUEST', 'trackingId attendu');
      rejections.set(body.trackingId, {
        item: 'invoice',
        reasonCode: body.reasonCode ?? 'OtherTechnicalError',
        reasonMessage: body.reasonMessage ?? '',
      });
      return { ok: true };
    });
    app.post('/_fake/directory', async (request) => {
      const body = (request.body ?? {}) as { siren: string; status?: string };
      directory.set(
        body.siren,
        body.status ? [{ siren: body.siren, addressingIdentifier: body.siren, directoryLineStatus: body.status, platformType: 'WK' }] : [],
      );
      return { ok: true };
    });
    app.addContentTypeParser(['application/pdf', 'application/xml'], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post('/_fake/supplier-invoice', async (request) =>
      deliverSupplierInvoice({ content: request.body as Buffer, contentType: String(request.headers['content-type']) }),
    );
  }

  await app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  return {
    url,
    flows,
    requests,
    /** The environment that points the app at this platform. */
    env: (extra: Record<string, string> = {}): Record<string, string> => ({
      PA_FLOW_URL: url,
      PA_DIRECTORY_URL: url,
      PA_TOKEN_URL: `${url}/oauth2/token`,
      PA_CLIENT_ID: FAKE_CLIENT_ID,
      PA_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      ...extra,
    }),
    /** The next call of `route` fails this way (in order, once each). */
    failNext(route: Route, failure: Failure, times = 1) {
      for (let index = 0; index < times; index += 1) failures.push({ route, failure });
    },
    /** The flow with this tracking id is rejected, when settled, with these reasons. */
    rejectNext({ trackingId, ...rejection }: { trackingId: string; reasonCode: string; reasonMessage: string; item?: string }) {
      rejections.set(trackingId, { item: 'invoice', ...rejection });
    },
    settle,
    emitStatus,
    deliverSupplierInvoice,
    /** A submission that reached the platform although its sender never heard back (a crash, a lost answer). */
    acceptFlow(info: { trackingId: string; flowSyntax: string }, file: StoredFile) {
      return addFlow(
        {
          trackingId: info.trackingId,
          name: info.trackingId,
          flowSyntax: info.flowSyntax,
          flowProfile: 'CIUS',
          flowType: 'CustomerInvoice',
          flowDirection: 'Out',
          processingRule: 'B2B',
          processingRuleSource: 'Input',
          acknowledgement: { status: 'Pending', details: [] },
        },
        file,
      );
    },
    setDirectory(siren: string, lines: DirectoryLine[]) {
      directory.set(siren, lines);
    },
    subscribe(url: string) {
      webhooks.set(randomUUID(), { url });
    },
    fileOf: (flowId: string) => files.get(flowId) ?? null,
    outgoing: (syntax?: string) => flows.filter((flow) => flow.flowDirection === 'Out' && (!syntax || flow.flowSyntax === syntax)),
    async close() {
      for (const reply of hanging) reply.raw.destroy();
      await app.close();
    },
  };
}
