import Stripe from 'stripe';
import {
  ProviderRefusedError,
  ProviderSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderRefund,
  type RefundRequest,
  type RefundState,
} from './provider.ts';

/** Stripe signs `${t}.${body}`; an event older than this is refused (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** A payment page stays open this long (Stripe allows 30 minutes to 24 hours). */
const SESSION_LIFETIME_SECONDS = 60 * 60;

type StripeSettings = { secretKey: string; webhookSecret: string; apiBase: string };

/**
 * Stripe Checkout through the official `stripe` package: a hosted page per payment
 * (`POST /v1/checkout/sessions`), a refund on the card that paid (`POST /v1/refunds`), its notifications checked with `webhooks.constructEvent`
 * on the raw body. `STRIPE_API_BASE` points the client at another origin (a local server that
 * speaks Stripe's wire format, in tests and outside checks).
 */
export function createStripeProvider(settings: StripeSettings, now: () => Date = () => new Date()): PaymentProvider {
  const base = new URL(settings.apiBase);
  const client = new Stripe(settings.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });

  return {
    name: 'stripe',

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const metadata = { factureId: request.factureId, numero: request.numero, tentative: request.attemptId };
      const session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: { currency: 'eur', unit_amount: request.montantCentimes, product_data: { name: request.description } },
            },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.factureId,
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          metadata,
          payment_intent_data: { metadata, description: request.description },
          locale: 'fr',
          expires_at: Math.floor(now().getTime() / 1000) + SESSION_LIFETIME_SECONDS,
        },
        { idempotencyKey: `checkout-${request.attemptId}` },
      );
      if (!session.url) throw new Error(`Stripe gave no page address for session ${session.id}`);
      return {
        sessionId: session.id,
        url: session.url,
        expiresAt: session.expires_at ? new Date(session.expires_at * 1000).toISOString() : null,
      };
    },

    async refund(request: RefundRequest): Promise<ProviderRefund> {
      try {
        const refund = await client.refunds.create(
          {
            payment_intent: request.paymentReference,
            amount: request.montantCentimes,
            reason: 'requested_by_customer',
            metadata: request.metadata,
          },
          { idempotencyKey: request.refundKey },
        );
        return { refundId: refund.id, state: refundState(refund.status) };
      } catch (error) {
        // A 4xx of Stripe's (already refunded, more than was charged): answered, nothing to try again.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new ProviderRefusedError(error.message);
        throw error;
      }
    },

    async refundState(refundId: string): Promise<ProviderRefund> {
      const refund = await client.refunds.retrieve(refundId);
      return { refundId: refund.id, state: refundState(refund.status) };
    },

    verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent {
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(
          rawBody,
          signature ?? '',
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          // Milliseconds: the package divides by 1000 itself.
          now().getTime(),
        );
      } catch (error) {
        throw new ProviderSignatureError(error instanceof Error ? error.message : String(error));
      }
      return toProviderEvent(event);
    },
  };
}

/** Stripe's refund statuses: `succeeded`; `pending` and `requires_action` wait; `failed` and `canceled` are not made. */
function refundState(status: string | null): RefundState {
  if (status === 'succeeded') return 'effectué';
  if (status === 'failed' || status === 'canceled') return 'échoué';
  return 'en cours';
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const object = event.data.object as Partial<Stripe.Checkout.Session> & { object?: string; id?: string };
  const isSession = object.object === 'checkout.session' && typeof object.id === 'string';
  const refund = event.data.object as Partial<Stripe.Refund>;
  const isRefund = refund.object === 'refund' && typeof refund.id === 'string' && typeof refund.amount === 'number';
  return {
    id: event.id,
    type: event.type,
    createdAt: new Date(event.created * 1000).toISOString(),
    session: isSession
      ? {
          id: object.id!,
          amountTotal: typeof object.amount_total === 'number' ? object.amount_total : null,
          currency: object.currency ?? null,
          paid: object.payment_status === 'paid',
          paymentReference: idOf(object.payment_intent),
        }
      : null,
    refund: isRefund
      ? {
          id: refund.id!,
          paymentReference: idOf(refund.payment_intent),
          amount: refund.amount!,
          currency: refund.currency ?? '',
          state: refundState(refund.status ?? null),
        }
      : null,
  };
}
