import { formatDay, formatPrice } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import type { Devis, Envoi } from '#domain/schemas/devis.ts';
import { depositAtSignature } from '#domain/payments.ts';
import { nextStatut } from '#domain/statuses.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { legalTexts } from '#domain/texts/legal.ts';
import { mailTexts, quoteMailTexts as m } from '#domain/texts/server.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/index.ts';
import type { OutboxRow } from '#server/db/schema.ts';
import { readAttachments } from '#server/outbox/outbox.ts';
import type { findLatestForQuote } from '#server/outbox/outbox.ts';
import type { OutboxHooks } from '#server/outbox/worker.ts';
import { findQuoteById, transitionQuoteIn } from './repository.ts';
import { escapeHtml, footerText, mailLayout } from '#server/mail/templates.ts';

/** The e-mail that carries the confirmed quote to the customer for signature. */
export function quoteForSignatureMail(devis: Devis, config: Config) {
  const { seller } = config;
  const name = devis.clientDetails?.nom?.trim() || m.anonymous;
  const subject = adminTexts.mailSubject(devis.numeroDevis);
  const prix = formatPrice(devis.prix);
  const route = `${devis.adresseDepart} → ${devis.adresseArrivee}`;
  const espaceClient = `${config.publicUrl}${paths.espaceClient}`;
  const signer = `${config.publicUrl}${paths.signerDevis(devis.id)}`;
  // The offer's term (issue 28): « Devis valable jusqu’au … ».
  const validity = devis.valableJusquAu ? `\n${legalTexts.validUntil(formatDay(devis.valableJusquAu))}.` : '';
  // The deposit asked at signature (issue 29): « Acompte à la signature : 126,15 € (30 %) ».
  const deposit = depositAtSignature(devis);
  const text = `${mailTexts.greeting(name)}

${m.confirmed(devis.numeroDevis, route, prix)}${deposit ? `\n${deposit}` : ''}
${m.attached}${validity}

${m.signOnline}
${signer}

${m.orOnPaper(adminTexts.signatureBlock, seller.email)}
${m.follow(espaceClient)}

${m.regards}
${seller.tradeName}

${footerText(seller)}`;

  const html = mailLayout(
    seller,
    subject,
    `<p>${escapeHtml(mailTexts.greeting(name))}</p>
<p>${m.confirmed(devis.numeroDevis, escapeHtml(route), `<strong>${escapeHtml(prix)}</strong>`)}${deposit ? `<br>${escapeHtml(deposit)}` : ''}
${m.attached}${validity ? `<br><strong>${escapeHtml(validity.trim())}</strong>` : ''}</p>
<p>${m.signOnline}</p>
<p><a href="${escapeHtml(signer)}"><strong>${m.signOnlineLink}</strong></a></p>
<p>${escapeHtml(m.orOnPaper(adminTexts.signatureBlock, seller.email))}</p>
<p><a href="${escapeHtml(espaceClient)}">${m.followLink}</a></p>
<p>${m.regards}<br>${escapeHtml(seller.tradeName)}</p>`,
  );
  return { subject, text, html };
}

/** The outbox kind of the e-mail that carries a confirmed quote for signature. */
export const QUOTE_MAIL_KIND = 'quote-for-signature';

/**
 * Around the sending of a quote's e-mail: it goes only while the quote is confirmé with
 * the very PDF the message carries (a quote deleted, signed on paper or confirmed again
 * since is not mailed); once the transport has accepted it, the quote becomes envoyé in
 * the transaction that marks the message sent.
 */
export const quoteMailHooks: OutboxHooks = {
  async cancelReason(db: Db, message: OutboxRow) {
    if (!message.devisId) return 'no quote';
    const quote = await findQuoteById(db, message.devisId);
    if (!quote) return 'quote deleted';
    if (quote.statut !== 'confirmé') return `quote is ${quote.statut}`;
    const carried = readAttachments(message).map((file) => ('storageKey' in file ? file.storageKey : null));
    if (!quote.sentPdfKey || !carried.includes(quote.sentPdfKey)) return 'superseded by a newer confirmation';
    return null;
  },
  async onSent(trx: Db, message: OutboxRow) {
    const to = nextStatut('admin', 'markSent', 'confirmé');
    if (!message.devisId || !to) return;
    await transitionQuoteIn(trx, { id: message.devisId, expected: 'confirmé', to, by: { userId: null, role: 'admin' } });
  },
};

const ETAT_BY_STATUS: Record<OutboxRow['status'], Envoi['etat']> = {
  pending: 'en attente',
  sending: 'en attente',
  failed: 'échec',
  sent: 'envoyé',
  cancelled: 'annulé',
};

/** What the administrator sees of a quote's latest e-mail. */
export function envoiOf(message: Awaited<ReturnType<typeof findLatestForQuote>>): Envoi | null {
  if (!message) return null;
  const etat = ETAT_BY_STATUS[message.status];
  return {
    etat,
    tentatives: message.attempts,
    // A next try only once one has failed (not while the first is under way).
    prochainEssai: message.status === 'pending' && message.attempts > 0 ? message.nextAttemptAt : null,
    envoyeLe: message.sentAt,
    erreur: etat === 'échec' || etat === 'en attente' ? message.lastError : null,
  };
}
