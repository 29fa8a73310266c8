// Test helper: a local server that speaks Stripe's documented wire format for what the app
// uses — Checkout Sessions (`POST /v1/checkout/sessions`, form-encoded with bracketed keys,
// Bearer secret key, Idempotency-Key), refunds (`POST /v1/refunds`, `GET /v1/refunds/{id}`), a hosted payment page, and signed webhook deliveries
// (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`). Signing is written here from the
// documentation, not taken from the SDK, so that the app's check is tested against the format.
// Sources: /work/research/wire-formats.md §1.
import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, startFakeService, type FakeService, type RecordedRequest } from './fake-service.ts';

export type FakeSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  livemode: false;
  locale: string | null;
};

export type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: Record<string, unknown> };
};

/** A refund as Stripe answers `POST /v1/refunds` and sends it in `refund.*` events. */
export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  metadata: Record<string, string>;
  reason: string | null;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  created: number;
};

export type FakeStripe = FakeService & {
  sessions: Map<string, FakeSession>;
  refunds: Map<string, FakeRefund>;
  /** The status the next refunds are created with (Stripe: `succeeded` for most cards, `pending` for some). */
  refundStatus: FakeRefund['status'];
  /** The PaymentIntents paid (by `pay`) and their amount: a refund of more, or of an unknown one, is refused as Stripe does. */
  charged: Map<string, number>;
  /** Every webhook delivery made, with the app's answer. */
  deliveries: { event: StripeEvent; status: number }[];
  /** The customer pays on the hosted page: the session completes and its signed event is delivered. */
  pay(sessionId: string): Promise<{ event: StripeEvent; status: number }>;
  /** The same, the event returned to be delivered by the caller. */
  complete(sessionId: string): StripeEvent;
  /** An event about a session (or any object), as Stripe would build it. */
  eventFor(type: string, object: Record<string, unknown>): StripeEvent;
  /** The Stripe-Signature header of a payload, signed now or at `timestamp` (unix seconds), with `secret`. */
  sign(payload: string, options?: { timestamp?: number; secret?: string }): string;
  /** The app's environment that points its card provider here (with `extra` over it). */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Posts an event to the webhook address, signed (or with the header given), and returns the app's answer. */
  deliver(event: StripeEvent | string, options?: { signature?: string; timestamp?: number }): Promise<{ status: number; body: string }>;
};

const API_VERSION = '2026-10-28.endive';

/** The parameters of `POST /v1/refunds` the app sends, as read back from the form. */
type RefundForm = { payment_intent?: string; amount?: string; reason?: string; metadata?: Record<string, string> };
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding read back: `a[b][0][c]=v` into nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

const stripeError = (response: ServerResponse, status: number, type: string, message: string, param?: string) =>
  sendJson(response, status, { error: { type, message, ...(param ? { param } : {}) } });

export async function startFakeStripe(options: {
  secretKey: string;
  webhookSecret: string;
  /** Where events are delivered (the app's POST /api/paiements/stripe/webhook); settable later. */
  webhookUrl?: string;
  port?: number;
}): Promise<FakeStripe & { webhookUrl: string | undefined; setWebhookUrl(url: string): void }> {
  let webhookUrl = options.webhookUrl;
  const sessions = new Map<string, FakeSession>();
  const idempotent = new Map<string, FakeSession>();
  const deliveries: { event: StripeEvent; status: number }[] = [];
  const refunds = new Map<string, FakeRefund>();
  const refundsByKey = new Map<string, FakeRefund>();
  const charged = new Map<string, number>();
  const state = { refundStatus: 'succeeded' as FakeRefund['status'] };
  let base = '';

  const sign = (payload: string, { timestamp = Math.floor(Date.now() / 1000), secret = options.webhookSecret } = {}) =>
    `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`;

  const eventFor = (type: string, object: Record<string, unknown>): StripeEvent => ({
    id: id('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });

  async function deliver(event: StripeEvent | string, { signature, timestamp }: { signature?: string; timestamp?: number } = {}) {
    if (!webhookUrl) throw new Error('the fake Stripe has no webhook address');
    const payload = typeof event === 'string' ? event : JSON.stringify(event, null, 2);
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': signature ?? sign(payload, { timestamp }),
      },
      body: payload,
    });
    const body = await response.text();
    if (typeof event !== 'string') deliveries.push({ event, status: response.status });
    return { status: response.status, body };
  }

  /** The customer pays on the hosted page: the session completes; its event, not delivered. */
  function complete(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: session.payment_intent ?? id('pi') });
    charged.set(session.payment_intent!, session.amount_total);
    return eventFor('checkout.session.completed', { ...session });
  }

  async function pay(sessionId: string) {
    const event = complete(sessionId);
    const { status } = await deliver(event);
    return { event, status };
  }

  /** A request whose Idempotency-Key Stripe has seen gets the first answer again (its documented replay); `key` to remember the new one. */
  function replay<T>(request: RecordedRequest, seen: Map<string, T>, response: ServerResponse) {
    const header = request.headers['idempotency-key'];
    const key = typeof header === 'string' ? header : null;
    const first = key === null ? undefined : seen.get(key);
    if (first !== undefined) sendJson(response, 200, first);
    return { key, answered: first !== undefined };
  }

  function createSession(request: RecordedRequest, response: ServerResponse) {
    const { key, answered } = replay(request, idempotent, response);
    if (answered) return;
    const form = parseStripeForm(request.body) as {
      mode?: string;
      success_url?: string;
      cancel_url?: string;
      client_reference_id?: string;
      customer_email?: string;
      metadata?: Record<string, string>;
      locale?: string;
      expires_at?: string;
      line_items?: Record<string, { quantity?: string; price_data?: { currency?: string; unit_amount?: string } }>;
    };
    if (form.mode !== 'payment') return stripeError(response, 400, 'invalid_request_error', 'Missing required param: mode.', 'mode');
    if (!form.success_url)
      return stripeError(response, 400, 'invalid_request_error', 'Missing required param: success_url.', 'success_url');
    const items = Object.values(form.line_items ?? {});
    if (items.length === 0) return stripeError(response, 400, 'invalid_request_error', 'Missing required param: line_items.', 'line_items');
    let total = 0;
    let currency = '';
    for (const item of items) {
      const amount = Number(item.price_data?.unit_amount);
      if (!Number.isInteger(amount) || amount < 1) {
        return stripeError(
          response,
          400,
          'invalid_request_error',
          'Invalid integer: unit_amount.',
          'line_items[0][price_data][unit_amount]',
        );
      }
      total += amount * Number(item.quantity ?? 1);
      currency = item.price_data?.currency ?? '';
    }
    const now = Math.floor(Date.now() / 1000);
    const sessionId = id('cs');
    const session: FakeSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      url: `${base}/c/pay/${sessionId}`,
      amount_subtotal: total,
      amount_total: total,
      currency,
      client_reference_id: form.client_reference_id ?? null,
      customer_email: form.customer_email ?? null,
      metadata: form.metadata ?? {},
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: form.success_url,
      cancel_url: form.cancel_url ?? form.success_url,
      expires_at: form.expires_at ? Number(form.expires_at) : now + 24 * 3600,
      created: now,
      livemode: false,
      locale: form.locale ?? null,
    };
    sessions.set(sessionId, session);
    if (key) idempotent.set(key, session);
    response.setHeader('request-id', id('req'));
    return sendJson(response, 200, session);
  }

  /** `POST /v1/refunds`: `payment_intent`, `amount` (all that is left by default), `reason`, `metadata[…]`; Idempotency-Key honoured. */
  function createRefund(request: RecordedRequest, response: ServerResponse) {
    const { key, answered } = replay(request, refundsByKey, response);
    if (answered) return;
    const form = parseStripeForm(request.body) as RefundForm;
    const paid = form.payment_intent ? charged.get(form.payment_intent) : undefined;
    if (paid === undefined)
      return stripeError(
        response,
        400,
        'invalid_request_error',
        `No such payment_intent: '${form.payment_intent ?? ''}'`,
        'payment_intent',
      );
    const refunded = [...refunds.values()]
      .filter((refund) => refund.payment_intent === form.payment_intent && !['failed', 'canceled'].includes(refund.status))
      .reduce((total, refund) => total + refund.amount, 0);
    const amount = form.amount === undefined ? paid - refunded : Number(form.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > paid - refunded) {
      const message = `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${((paid - refunded) / 100).toFixed(2)})`;
      return stripeError(response, 400, 'invalid_request_error', message, 'amount');
    }
    const refund: FakeRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: 'eur',
      charge: `ch_${form.payment_intent!.slice(3)}`,
      payment_intent: form.payment_intent!,
      metadata: form.metadata ?? {},
      reason: form.reason ?? null,
      status: state.refundStatus,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    if (key) refundsByKey.set(key, refund);
    response.setHeader('request-id', id('req'));
    return sendJson(response, 200, refund);
  }

  function hostedPage(session: FakeSession, response: ServerResponse) {
    const amount = (session.amount_total / 100).toFixed(2);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Checkout (test)</title></head>
<body><main><h1>Test checkout</h1><p data-testid="amount">${amount} ${session.currency.toUpperCase()}</p>
<form method="post" action="/c/pay/${session.id}"><button type="submit">Pay</button></form>
<a href="${session.cancel_url}">Back</a></main></body></html>`);
  }

  const service = await startFakeService(
    (request, response) => {
      const url = new URL(request.url, 'http://fake');
      const page = /^\/c\/pay\/(cs_test_\w+)$/.exec(url.pathname);
      if (page) {
        const session = sessions.get(page[1]!);
        if (!session) return sendJson(response, 404, { error: 'no such session' });
        if (request.method === 'GET') return hostedPage(session, response);
        void pay(session.id).then(
          () => {
            response.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
            response.end();
          },
          (error: unknown) => sendJson(response, 502, { error: String(error) }),
        );
        return;
      }
      if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
        return stripeError(response, 401, 'invalid_request_error', 'Invalid API Key provided.');
      }
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') return createSession(request, response);
      if (request.method === 'POST' && url.pathname === '/v1/refunds') return createRefund(request, response);
      const refund = /^\/v1\/refunds\/(\w+)$/.exec(url.pathname);
      if (request.method === 'GET' && refund) {
        const found = refunds.get(refund[1]!);
        return found
          ? sendJson(response, 200, found)
          : stripeError(response, 404, 'invalid_request_error', `No such refund: '${refund[1]}'`, 'id');
      }
      const one = /^\/v1\/checkout\/sessions\/(cs_test_\w+)$/.exec(url.pathname);
      if (request.method === 'GET' && one) {
        const session = sessions.get(one[1]!);
        return session
          ? sendJson(response, 200, session)
          : stripeError(response, 404, 'invalid_request_error', `No such checkout.session: '${one[1]}'`, 'session');
      }
      return stripeError(response, 404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${url.pathname}).`);
    },
    { port: options.port },
  );
  base = service.baseUrl;

  return {
    ...service,
    sessions,
    refunds,
    charged,
    get refundStatus() {
      return state.refundStatus;
    },
    set refundStatus(status: FakeRefund['status']) {
      state.refundStatus = status;
    },
    deliveries,
    pay,
    complete,
    env: (extra = {}) => ({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: options.secretKey,
      STRIPE_WEBHOOK_SECRET: options.webhookSecret,
      STRIPE_API_BASE: service.baseUrl,
      ...extra,
    }),
    eventFor,
    sign,
    deliver,
    get webhookUrl() {
      return webhookUrl;
    },
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
  };
}
