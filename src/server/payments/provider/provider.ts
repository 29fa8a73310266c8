/**
 * A card payment provider, as the rest of payments/ sees it: open a hosted payment page for
 * an amount, give money back on the card that paid, and read the provider's signed notifications. Stripe Checkout is the first
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

/** A refund to make on the card that paid: the provider's reference of that payment, what goes back. */
export type RefundRequest = {
  /** Our own id of the refund (the negative payment) and the try: the idempotency key, so a retried request refunds once. */
  refundKey: string;
  paymentReference: string;
  montantCentimes: number;
  metadata: { factureId: string; paiementId: string };
};

/** Where a refund is, as the provider says: made, waiting (the card's bank), or not made. */
export type RefundState = 'en cours' | 'effectué' | 'échoué';

export type ProviderRefund = { refundId: string; state: RefundState };

/** The provider refused the refund itself (already refunded, more than was paid): our request was answered, not lost. */
export class ProviderRefusedError extends Error {}

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
  /** A refund's notification (`refund.created`, `refund.updated`, `refund.failed`). */
  refund: {
    id: string;
    /** The payment it gives back on (Stripe: the PaymentIntent). */
    paymentReference: string | null;
    amount: number;
    currency: string;
    state: RefundState;
  } | null;
};

/** A notification that is not the provider's (bad signature) or too old: refused, nothing recorded. */
export class ProviderSignatureError extends Error {}

export type PaymentProvider = {
  readonly name: 'stripe';
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Gives money back on the card of a payment; throws ProviderRefusedError when the provider says no. */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** Where a refund is now, as the provider says when asked (its notifications may not come). */
  refundState(refundId: string): Promise<ProviderRefund>;
  /** Checks the signature over the raw body and its age; throws ProviderSignatureError. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent;
};
