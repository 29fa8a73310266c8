import ical from 'ical-generator';
import { formatDay, parisInstant } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';

/**
 * The operator's calendar: one event per mission with a wished pickup date, over its pickup
 * time slot (times in UTC, so every calendar shows them in its own zone), with the route, the
 * vehicle, the delivery slot and both on-site contacts, and a link to the pickup inspection.
 */
export function renderPlanningFeed(missions: Devis[], { publicUrl, business }: { publicUrl: string; business: string }): string {
  const calendar = ical({ name: m.calendarName(business), prodId: { company: business, product: 'missions', language: 'FR' } });
  for (const devis of missions) {
    const pickup = devis.priseInfo;
    if (!pickup?.datePriseEnCharge || !/^\d{4}-\d{2}-\d{2}$/.test(pickup.datePriseEnCharge)) continue;
    const start = parisInstant(pickup.datePriseEnCharge, pickup.debut || '08:00');
    const end =
      pickup.fin && pickup.fin > (pickup.debut || '')
        ? parisInstant(pickup.datePriseEnCharge, pickup.fin)
        : new Date(start.getTime() + 3_600_000);
    const vehicle = devis.infosVehicule;
    const delivery = devis.livraisonInfo;
    const link = `${publicUrl}${paths.adminPriseEnCharge(devis.id)}`;
    const description = [
      m.eventRoute(devis.adresseDepart, devis.adresseArrivee),
      m.eventVehicle(vehicle ? `${vehicle.marque} ${vehicle.modele} – ${vehicle.immatriculation}` : devis.typeVehicule),
      delivery?.dateLivraisonSouhaitee
        ? m.eventDelivery(m.slot(formatDay(delivery.dateLivraisonSouhaitee), delivery.debut, delivery.fin))
        : m.eventDelivery(m.noSlot),
      devis.contactDepart ? m.eventContact(m.contactDepart, devis.contactDepart.nom, devis.contactDepart.telephone) : null,
      devis.contactArrivee ? m.eventContact(m.contactArrivee, devis.contactArrivee.nom, devis.contactArrivee.telephone) : null,
      devis.statut === 'envoyé' ? m.forInformation : null,
      m.eventLink(link),
    ].filter((line): line is string => line !== null);
    calendar.createEvent({
      id: `mission-${devis.id}@convoyage`,
      start,
      end,
      summary: m.eventSummary(devis.numeroDevis, `${devis.adresseDepart} → ${devis.adresseArrivee}`),
      location: devis.adresseDepart,
      description: description.join('\n'),
      url: link,
    });
  }
  return calendar.toString();
}
