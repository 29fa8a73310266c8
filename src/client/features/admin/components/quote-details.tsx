import type { ReactNode } from 'react';
import type { Devis } from '#domain/schemas/devis.ts';
import { statutLabel } from '#domain/statuses.ts';
import { texts } from '#domain/texts.ts';
import { adminTexts } from '#domain/texts-admin.ts';
import { quoteTexts } from '#domain/texts-quotes.ts';
import { formatDateTime, formatKm, formatQuotePrice } from '#client/lib/format.ts';
import styles from './admin.module.css';

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className={styles.facts}>
      {items.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

const yesNo = (value: boolean | undefined) => (value ? 'Oui' : 'Non');
const lavage = { '': texts.none, exterieur: 'Extérieur', complet: 'Complet' } as const;
const motorisation = { essence: 'Essence', diesel: 'Diesel', electrique: 'Électrique', hybride: 'Hybride' } as const;

/** "2026-12-01T08:30" (Paris wall-clock, as the customer chose it) → "01/12/2026 08:30". */
function wallClock(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}))?/.exec(value) : null;
  if (!match) return texts.notSpecified;
  return `${match[3]}/${match[2]}/${match[1]}${match[4] ? ` ${match[4]}` : ''}`;
}

/** Everything the customer gave, read-only, in the sections of the spec. */
export function QuoteDetails({ devis }: { devis: Devis }) {
  const client = devis.clientDetails;
  const v = devis.infosVehicule;
  const o = devis.options;
  const contact = (c: Devis['contactDepart']) => (c ? [c.nom, c.telephone, c.email].filter(Boolean).join(' · ') : null);
  return (
    <div className={styles.sections}>
      <Section title={adminTexts.sectionClient}>
        <Facts
          items={[
            ['Nom', client?.nom],
            ['E-mail', client?.email || devis.email],
            ['Téléphone', client?.telephone],
            ['Type', devis.clientType === 'entreprise' ? 'Entreprise' : devis.clientType === 'particulier' ? 'Particulier' : null],
            ...(devis.clientType === 'entreprise' ? ([['SIRET', client?.siret]] as [string, ReactNode][]) : []),
          ]}
        />
      </Section>
      <Section title={adminTexts.sectionGeneral}>
        <Facts
          items={[
            ['Numéro', devis.numeroDevis],
            ['Statut', statutLabel(devis.statut)],
            ['Date de simulation', formatDateTime(devis.dateSimulation)],
            ['Départ', devis.adresseDepart],
            ['Arrivée', devis.adresseArrivee],
            ['Distance estimée', `${formatKm(devis.distanceKm)} km`],
            ['Prix', formatQuotePrice(devis.prix, devis.statut)],
            ['Type de convoyage', devis.typeConvoyage],
          ]}
        />
      </Section>
      <Section title={adminTexts.sectionTimes}>
        <Facts
          items={[
            ['Prise en charge (début)', wallClock(devis.datePriseEnCharge?.start)],
            ['Prise en charge (fin)', wallClock(devis.datePriseEnCharge?.end)],
            ['Livraison souhaitée (début)', wallClock(devis.dateLivraisonSouhaitee?.start)],
            ['Livraison souhaitée (fin)', wallClock(devis.dateLivraisonSouhaitee?.end)],
          ]}
        />
      </Section>
      <Section title={adminTexts.sectionContacts}>
        <Facts
          items={[
            ['Au départ', contact(devis.contactDepart)],
            ["À l'arrivée", contact(devis.contactArrivee)],
          ]}
        />
      </Section>
      <Section title={adminTexts.sectionOptions}>
        <Facts
          items={[
            ['Documentation', yesNo(o?.documentation)],
            ['Lavage', o ? lavage[o.lavage] : texts.none],
            ['Sans carburant', yesNo(o?.sansCarburant)],
            ['Plaque W garage', yesNo(o?.wGarage)],
          ]}
        />
      </Section>
      <Section title={adminTexts.sectionVehicle}>
        <Facts
          items={[
            ['Type de véhicule', devis.typeVehicule],
            ['Immatriculation', v?.immatriculation],
            ['Marque', v?.marque],
            ['Modèle', v?.modele],
            ['Châssis (VIN)', v?.chassis],
            ['Motorisation', v ? motorisation[v.motorisation] : null],
          ]}
        />
      </Section>
      <Section title={adminTexts.sectionComments}>
        <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{devis.commentaire || '—'}</p>
      </Section>
      <Section title={adminTexts.historyTitle}>
        <History devis={devis} />
      </Section>
    </div>
  );
}

function History({ devis }: { devis: Devis }) {
  const entries = devis.historique ?? [];
  if (entries.length === 0) return <p>—</p>;
  return (
    <ol className={styles.history}>
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`}>
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> —{' '}
          {entry.fromStatut === null
            ? adminTexts.historyCreated(statutLabel(entry.toStatut))
            : adminTexts.historyEntry(statutLabel(entry.fromStatut), statutLabel(entry.toStatut))}
          {entry.event ? ` — ${quoteTexts.historyEvent(entry.event, entry.byName)}` : null} (
          {entry.byRole === 'admin' ? adminTexts.byAdmin : adminTexts.byCustomer})
        </li>
      ))}
    </ol>
  );
}
