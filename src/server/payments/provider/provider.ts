/**
 * A card payment provider, as the rest of payments/ sees it: open a hosted payment page for
 * an amount, and read the provider's signed notifications. Stripe Checkout is the first
 * (stripe.ts); another provider is another implementation of this type (docs/decisions/).
 */

export type CheckoutRequest = {
  /** Our own id of the attempt: also the idempotency key, so a retried request opens one page. */
  attemptId: string;
  factureId: string;
  numero: string;
  montantCentimes: number;
  /** What the customer reads on the provider's page. */
  description: string;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
};

export type CheckoutSession = { sessionId: string; url: string; expiresAt: string | null };

/** What a verified notification says of a payment session. */
export type ProviderEvent = {
  id: string;
  type: string;
  /** When the provider made it (ISO). */
  createdAt: string;
  session: {
    id: string;
    /** Cents, as the provider charged. */
    amountTotal: number | null;
    currency: string | null;
    paid: boolean;
    /** The provider's reference of the payment (Stripe: the PaymentIntent). */
    paymentReference: string | null;
  } | null;
};

/** A notification that is not the provider's (bad signature) or too old: refused, nothing recorded. */
export class ProviderSignatureError extends Error {}

export type PaymentProvider = {
  readonly name: 'stripe';
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Checks the signature over the raw body and its age; throws ProviderSignatureError. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent;
};
