import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { formatParisTime } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import { normalizeStatut } from '#domain/statuses.ts';
import type { PositionsAnswer, PositionsBody, TrackingView } from '#domain/schemas/tracking.ts';
import { trackingTexts as k } from '#domain/texts/tracking.ts';
import { texts } from '#domain/texts/common.ts';
import type { Config } from '#server/config.ts';
import { withWriteTransaction, type DatabaseHandle, type Db } from '#server/db/index.ts';
import type { DevisRow } from '#server/db/schema.ts';
import { assertMayFetch, sha256Hex } from '#server/documents/documents.ts';
import { conflict, notFound } from '#server/errors.ts';
import { locateOffline, nearestTownName, traceOfflineRoute, type GeoPoint } from '#server/geo/index.ts';
import { renderNotification } from '#server/mail/templates.ts';
import { wantsTrackingSms } from '#server/notifications/service.ts';
import { enqueueMail, enqueueSms } from '#server/outbox/outbox.ts';
import { mobileE164 } from '#server/outbox/sms.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import { requireQuote } from '#server/quotes/service.ts';
import type { Viewer } from '#server/viewer.ts';
import {
  endLink,
  findLastPosition,
  findLinkByToken,
  findLinkOf,
  findPositions,
  insertLink,
  insertPositions,
  listPositionsOf,
  markApproachNotified,
  type TrackingLinkRow,
} from './repository.ts';

/*
 * Live tracking of a mission (issue 31): from the pickup inspection to the delivery, the
 * operator's phone sends its positions; the customer (on his quote) and the receiver (by a
 * secret link, without account) see the town nearest to the last one, the km done and left
 * and the estimated arrival, computed from the offline gazetteer and router only.
 */

export type TrackingDeps = { database: DatabaseHandle; config: Config; outbox: OutboxWorker; log: FastifyBaseLogger };

/** 144 random bits, base64url (24 characters): the link's token; only its SHA-256 is stored. */
const TOKEN_BYTES = 18;
/** The receiver's link answers this long after the delivery, then 404. */
export const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The « about 30 minutes » news: sent once, when the driving time left falls to this. */
export const APPROACH_MINUTES = 30;

export const TRACKING_KINDS = {
  receiverLink: 'tracking-receiver-link',
  pickupSms: 'tracking-pickup-sms',
  approachMail: 'tracking-approach',
  approachSms: 'tracking-approach-sms',
  deliveredSms: 'tracking-delivered-sms',
} as const;

/** The business's name as texts carry it: short enough for two SMS parts whatever BUSINESS_NAME is. */
const businessOf = (config: Config) => config.seller.tradeName.slice(0, 40);
const linkOf = (config: Config, token: string) => `${config.publicUrl}${paths.suivi(token)}`;

/** Whom a mission's text messages go to: the customer (unless he turned them off) and the arrival contact. */
async function smsRecipients(trx: Db, row: DevisRow): Promise<{ customer: string | null; receiver: string | null }> {
  const customer = (await wantsTrackingSms(trx, row.uid)) ? mobileE164(row.clientDetails?.telephone) : null;
  const receiver = mobileE164(row.contactArrivee?.telephone);
  return { customer, receiver: receiver === customer ? null : receiver };
}

/** Queues a mission's e-mail (one of the product's notifications) when there is an address to send it to. */
async function enqueueMissionMail(
  trx: Db,
  config: Config,
  row: DevisRow,
  kind: string,
  to: string | undefined,
  mail: Parameters<typeof renderNotification>[1],
): Promise<void> {
  if (to) await enqueueMail(trx, { kind, devisId: row.id, to, ...renderNotification(config, mail) });
}

/** Queues a mission's text message to each of its recipients who has a mobile number: one text for both, or one each. */
async function enqueueMissionSms(
  trx: Db,
  row: DevisRow,
  kind: string,
  text: string | { customer: string; receiver: string },
): Promise<void> {
  const recipients = await smsRecipients(trx, row);
  for (const who of ['customer', 'receiver'] as const) {
    const to = recipients[who];
    if (to) await enqueueSms(trx, { kind, devisId: row.id, to, text: typeof text === 'string' ? text : text[who] });
  }
}

/**
 * At pickup, in the transaction that records it (missions/inspections.ts): the mission's link,
 * sent to the arrival contact by e-mail and SMS when he has an address or a mobile number,
 * and « pris en charge » by SMS to the customer (his e-mail with the PV is the missions').
 * A second call for the same mission does nothing.
 */
export async function startTracking(trx: Db, config: Config, row: DevisRow, now = new Date()): Promise<void> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const isNew = await insertLink(trx, { devisId: row.id, tokenSha256: sha256Hex(Buffer.from(token)), startedAt: now.toISOString() });
  if (!isNew) return;
  const link = linkOf(config, token);
  const business = businessOf(config);
  await enqueueMissionMail(trx, config, row, TRACKING_KINDS.receiverLink, row.contactArrivee?.email?.trim(), {
    subject: k.receiverMailSubject(row.numeroDevis, business),
    name: row.contactArrivee?.nom ?? null,
    paragraphs: [k.receiverMailBody(row.adresseDepart, row.adresseArrivee)],
    link: { url: link, label: k.receiverMailLink },
  });
  await enqueueMissionSms(trx, row, TRACKING_KINDS.pickupSms, {
    customer: k.smsPickup(business, row.numeroDevis, link),
    receiver: k.smsReceiver(business, row.numeroDevis, link),
  });
}

/**
 * At delivery, in the transaction that records it: positions are refused from then on, the
 * link answers 24 hours more; « livré » by SMS to the customer and the arrival contact.
 */
export async function endTracking(trx: Db, config: Config, row: DevisRow, now = new Date()): Promise<void> {
  await endLink(trx, row.id, now.toISOString());
  await enqueueMissionSms(trx, row, TRACKING_KINDS.deliveredSms, k.smsDelivered(businessOf(config), row.numeroDevis));
}

/**
 * Positions from the operator's phone, under the ids it made: those already stored are not
 * stored again (a batch sent again after a lost answer), an id of another mission is refused
 * (409). New ones only while the mission is tracked: after the pickup, before the delivery
 * (409 otherwise, in French). When the driving time left falls to 30 minutes, the news is
 * queued, once, in the transaction that marks it sent.
 */
export async function recordPositions(deps: TrackingDeps, id: string, body: PositionsBody, now = new Date()): Promise<PositionsAnswer> {
  const row = await requireQuote(deps.database.db, id);
  const batch = [...new Map(body.positions.map((position) => [position.id, position])).values()];
  const known = await findPositions(
    deps.database.db,
    batch.map((position) => position.id),
  );
  if (known.some((position) => position.devisId !== row.id)) throw conflict(k.positionConflict);
  const unknown = batch.filter((position) => !known.some((stored) => stored.id === position.id));
  if (unknown.length === 0) return { enregistrees: 0 };
  const link = await findLinkOf(deps.database.db, row.id);
  if (!link) throw conflict(k.positionsBeforePickup);
  if (!link.endedAt && normalizeStatut(row.statut) !== 'en cours') throw conflict(k.positionsAfterDelivery);
  // After the delivery, what the phone read before it (offline, in a tunnel) still belongs to the
  // mission and is kept; what it read after is not tracking any more, and is not stored.
  const endedAt = link.endedAt ? new Date(link.endedAt).getTime() : null;
  const fresh = endedAt === null ? unknown : unknown.filter((position) => new Date(position.prisLe).getTime() <= endedAt);
  if (fresh.length === 0) throw conflict(k.positionsAfterDelivery);

  const receivedAt = now.toISOString();
  const enregistrees = await insertPositions(
    deps.database.db,
    fresh.map((position) => ({
      id: position.id,
      devisId: row.id,
      lat: position.lat,
      lon: position.lon,
      accuracy: position.precision,
      takenAt: new Date(position.prisLe).toISOString(),
      receivedAt,
    })),
  );
  if (!link.endedAt && !link.approachNotifiedAt) await notifyIfApproaching(deps, row, link, now);
  return { enregistrees };
}

async function notifyIfApproaching(deps: TrackingDeps, row: DevisRow, link: TrackingLinkRow, now: Date): Promise<void> {
  const view = await viewOf(deps.database.db, row, link);
  if (view.statut !== 'en route' || !view.arriveeEstimee) return;
  const minutesLeft = (new Date(view.arriveeEstimee).getTime() - new Date(view.positionLe!).getTime()) / 60_000;
  if (minutesLeft > APPROACH_MINUTES) return;
  const { config } = deps;
  const time = formatParisTime(view.arriveeEstimee);
  const queued = await withWriteTransaction(deps.database, async (trx) => {
    if (!(await markApproachNotified(trx, row.id, now.toISOString()))) return false;
    await enqueueMissionMail(trx, config, row, TRACKING_KINDS.approachMail, row.email?.trim() || row.clientDetails?.email?.trim(), {
      subject: k.approachMailSubject(row.numeroDevis),
      name: row.clientDetails?.nom ?? null,
      paragraphs: [k.approachMailBody(time, view.villeArrivee ?? row.adresseArrivee)],
      link: { url: `${config.publicUrl}${paths.devis(row.id)}`, label: k.title },
    });
    // No link: only its hash is kept, and both already received it at pickup.
    await enqueueMissionSms(trx, row, TRACKING_KINDS.approachSms, k.smsApproach(businessOf(config), row.numeroDevis, time));
    return true;
  });
  if (queued) deps.outbox.kick();
}

/** The tracking of a quote for its owner (or the administrator): 404 before the pickup, and for anyone else. */
export async function getCustomerTracking(deps: TrackingDeps, viewer: Viewer, id: string): Promise<TrackingView> {
  const row = await requireQuote(deps.database.db, id);
  assertMayFetch(
    viewer,
    { ownerId: row.uid, kind: 'mission', what: { devisId: row.id } },
    { log: deps.log, notFoundMessage: texts.quoteNotFound },
  );
  const link = await findLinkOf(deps.database.db, row.id);
  if (!link) throw notFound(k.notStarted);
  return viewOf(deps.database.db, row, link);
}

/**
 * The receiver's view, by the token of his link. A wrong, guessed or expired token (24 hours
 * after the delivery) gets the same 404, which says nothing of why; the probe is logged.
 */
export async function getReceiverTracking(deps: TrackingDeps, token: string, now = new Date()): Promise<TrackingView> {
  const link = await findLinkByToken(deps.database.db, sha256Hex(Buffer.from(token)));
  const isExpired = link?.endedAt ? now.getTime() - new Date(link.endedAt).getTime() > LINK_LIFETIME_MS : false;
  const row = link && !isExpired ? await requireQuote(deps.database.db, link.devisId).catch(() => null) : null;
  if (!link || !row) {
    deps.log.warn({ isExpired }, 'refused: tracking link unknown or expired');
    throw notFound(k.notFound);
  }
  return viewOf(deps.database.db, row, link);
}

/** What both the customer and the receiver see: no name, no address but the towns, no price. */
async function viewOf(db: Db, row: DevisRow, link: TrackingLinkRow): Promise<TrackingView> {
  const depart = locateOffline(row.adresseDepart);
  const arrivee = locateOffline(row.adresseArrivee);
  const route = depart && arrivee ? traceOfflineRoute(depart, arrivee) : null;
  const base = {
    numeroDevis: row.numeroDevis,
    villeDepart: depart?.city ?? null,
    villeArrivee: arrivee?.city ?? null,
    trace: (route?.points ?? []).map(toPair),
    livreLe: link.endedAt,
  };
  const empty = { ville: null, positionLe: null, kmParcourus: null, kmRestants: null, arriveeEstimee: null, position: null };
  if (link.endedAt) return { ...base, ...empty, statut: 'livré' };
  const last = await findLastPosition(db, row.id);
  if (!last) return { ...base, ...empty, statut: 'en attente' };
  const here: GeoPoint = { lat: last.lat, lon: last.lon };
  const left = arrivee ? traceOfflineRoute(here, arrivee) : null;
  const totalKm = row.distanceKm > 0 ? row.distanceKm : (route?.km ?? null);
  return {
    ...base,
    statut: 'en route',
    ville: nearestTownName(here),
    positionLe: last.takenAt,
    kmRestants: left ? Math.round(left.km) : null,
    kmParcourus: left && totalKm !== null ? Math.max(0, Math.round(totalKm - left.km)) : null,
    // The time already lost is in the position's time; the rest is driven at the router's speeds.
    arriveeEstimee: left ? new Date(new Date(last.takenAt).getTime() + left.hours * 3_600_000).toISOString() : null,
    position: toPair(here),
  };
}

const toPair = (point: GeoPoint): [number, number] => [Math.round(point.lat * 1e5) / 1e5, Math.round(point.lon * 1e5) / 1e5];

/** The positions of a customer's missions, for his data export. */
export async function positionsForExport(db: Db, devisIds: readonly string[]) {
  const rows = await listPositionsOf(db, devisIds);
  return rows.map((position) => ({
    devisId: position.devisId,
    lat: position.lat,
    lon: position.lon,
    precision: position.accuracy,
    prisLe: position.takenAt,
  }));
}
