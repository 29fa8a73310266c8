import { addDays, splitFrenchAddress } from '#domain/invoices.ts';
import type { AFaireItem, Appointment } from '#domain/schemas/a-faire.ts';
import { ETAPES } from '#domain/schemas/missions.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import { toDevisRef } from '#server/quotes/service.ts';
import { listStepsOn } from './a-faire-repository.ts';

/** A day holds a handful; a busy one shows this many of each step, its count says the rest. */
const APPOINTMENTS_SHOWN = 10;

const filled = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);

/**
 * The missions' part of « À faire » (issue 34): today's and tomorrow's pickups and deliveries
 * not yet inspected, by day then time slot, each with its address, town, contact and phone.
 */
export async function upcomingAppointments(deps: { database: DatabaseHandle }, at: { today: string }): Promise<AFaireItem | null> {
  const days = [at.today, addDays(at.today, 1)];
  const steps = await Promise.all(
    ETAPES.map((etape) => listStepsOn(deps.database.db, deps.database.engine, etape, days, APPOINTMENTS_SHOWN)),
  );
  const appointments: Appointment[] = ETAPES.flatMap((etape, index) =>
    steps[index]!.map((row) => {
      const isPickup = etape === 'prise-en-charge';
      const info = isPickup ? row.priseInfo : row.livraisonInfo;
      const contact = isPickup ? row.contactDepart : row.contactArrivee;
      const adresse = isPickup ? row.adresseDepart : row.adresseArrivee;
      return {
        devis: toDevisRef(row),
        etape,
        jour: row.jour ?? at.today,
        debut: filled(info?.debut),
        fin: filled(info?.fin),
        adresse,
        ville: splitFrenchAddress(adresse).city,
        contact: filled(info?.nom) ?? filled(contact?.nom),
        telephone: filled(info?.telephone) ?? filled(contact?.telephone),
      };
    }),
  );
  if (appointments.length === 0) return null;
  const nombre = steps.reduce((sum, rows) => sum + Number(rows[0]?.total ?? 0), 0);
  const key = (item: Appointment) => `${item.jour} ${item.debut ?? '99:99'} ${String(item.devis.numeroDevis).padStart(9, '0')}`;
  appointments.sort((a, b) => key(a).localeCompare(key(b)));
  return { type: 'rendez-vous', nombre, rendezVous: appointments };
}
