import { parisToday } from '#domain/format.ts';
import { A_FAIRE_SHOWN, type AFaire, type AFaireItem, type ConfigWarning } from '#domain/schemas/a-faire.ts';
import { platformInvoicesToCorrect, purchasesToDecide } from '#server/einvoicing/a-faire.ts';
import { overdueInvoices, revenueOfYear } from '#server/invoices/service.ts';
import { isMediatorUnset } from '#server/legal/warnings.ts';
import { upcomingAppointments } from '#server/missions/service.ts';
import type { OutboxChannel } from '#server/db/schema.ts';
import { bankCreditsToHandle, refundsToMake } from '#server/payments/a-faire.ts';
import { countInFlight, listFailedSince } from '#server/outbox/outbox.ts';
import { cancellationsRequested, quoteRefsOf, quotesToConfirm, signedWithoutPickupDay } from '#server/quotes/service.ts';
import type { AFaireAt, AFaireDeps, AFaireProvider } from './provider.ts';

/** Failed e-mails older than this leave « À faire » (they stay in the journal of the quote). */
const FAILED_MAIL_DAYS = 7;
/** E-mails due within this time count as being sent: the page asks again until they have left. */
const IN_FLIGHT_MS = 60_000;

/** Messages of a channel given up in the last days, each with the quote it is about. */
async function failedMessages(deps: AFaireDeps, at: AFaireAt, channel: OutboxChannel) {
  const since = new Date(at.now.getTime() - FAILED_MAIL_DAYS * 86_400_000).toISOString();
  const rows = await listFailedSince(deps.database.db, since, A_FAIRE_SHOWN, channel);
  if (rows.length === 0) return null;
  const quotes = await quoteRefsOf(
    deps,
    rows.flatMap((row) => (row.devisId ? [row.devisId] : [])),
  );
  return {
    nombre: Number(rows[0]!.total),
    messages: rows.map((row) => ({
      id: row.id,
      destinataire: row.recipient,
      sujet: row.subject,
      devis: (row.devisId && quotes.get(row.devisId)) || null,
    })),
  };
}

/** E-mails that did not leave in the last days. */
export async function failedEmails(deps: AFaireDeps, at: AFaireAt): Promise<AFaireItem | null> {
  const failed = await failedMessages(deps, at, 'email');
  return failed && { type: 'emails-en-echec', nombre: failed.nombre, emails: failed.messages };
}

/** Text messages (tracking/) given up in the last days: the provider refused them to the end (credit, number). */
export async function failedTextMessages(deps: AFaireDeps, at: AFaireAt): Promise<AFaireItem | null> {
  const failed = await failedMessages(deps, at, 'sms');
  return (
    failed && {
      type: 'sms-en-echec',
      nombre: failed.nombre,
      sms: failed.messages.map(({ id, destinataire, devis }) => ({ id, destinataire, devis })),
    }
  );
}

/** What the server knows to be missing from its configuration. */
export async function configurationWarnings(deps: AFaireDeps): Promise<AFaireItem | null> {
  const alertes: ConfigWarning[] = [];
  if (!deps.config.signing.p12Path) alertes.push('sceau-auto-signe');
  if (deps.config.nodeEnv === 'production' && !deps.config.publicUrlSet) alertes.push('public-url-absente');
  if (isMediatorUnset(deps.config)) alertes.push('mediateur-absent');
  return alertes.length > 0 ? { type: 'configuration', nombre: alertes.length, alertes } : null;
}

/**
 * Every kind of « À faire », in the order the band shows them. A capability adds its kind
 * here: one function of its service (payments received, SMS that failed, the mediator unset…).
 */
export const aFaireProviders: readonly AFaireProvider[] = [
  quotesToConfirm,
  cancellationsRequested,
  upcomingAppointments,
  signedWithoutPickupDay,
  failedEmails,
  failedTextMessages,
  overdueInvoices,
  refundsToMake,
  bankCreditsToHandle,
  platformInvoicesToCorrect,
  purchasesToDecide,
  configurationWarnings,
];

/** GET /api/admin/a-faire: what waits for the administrator, each kind asked at once. */
export async function getAFaire(deps: AFaireDeps, now = new Date(), providers = aFaireProviders): Promise<AFaire> {
  const at = { now, today: parisToday(now) };
  const year = Number(at.today.slice(0, 4));
  const [items, envoisEnCours, totalCentimes] = await Promise.all([
    Promise.all(providers.map((provider) => provider(deps, at))),
    countInFlight(deps.database.db, new Date(now.getTime() + IN_FLIGHT_MS).toISOString()),
    revenueOfYear(deps, year),
  ]);
  return {
    jour: at.today,
    maintenant: now.toISOString(),
    elements: items.filter((item): item is AFaireItem => item !== null),
    envoisEnCours,
    chiffreAffaires: { annee: year, totalCentimes, plafondCentimes: deps.config.invoicing.revenueCeilingCents },
  };
}
