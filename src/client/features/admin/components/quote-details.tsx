import type { ReactNode } from 'react';
import { formatDistance, formatParisDateTime, formatQuotePrice, formatWallClock } from '#domain/format.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { hasFinalPrice, statutLabel } from '#domain/statuses.ts';
import { texts } from '#domain/texts/common.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { importedQuoteTexts } from '#domain/texts/import.ts';
import { quoteTexts as q, valueLabel } from '#domain/texts/quotes.ts';
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

const yesNo = (value: boolean | undefined) => (value ? q.yes : q.no);
/** Paris wall-clock, as the customer chose it. */
const wallClock = (value: string | null | undefined) => formatWallClock(value) ?? texts.notSpecified;

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
            [q.clientNom, client?.nom],
            [q.email, client?.email || devis.email],
            [q.telephone, client?.telephone],
            [q.clientType, valueLabel(devis.clientType)],
            ...(devis.clientType === 'entreprise' ? ([[q.siret, client?.siret]] as [string, ReactNode][]) : []),
          ]}
        />
      </Section>
      <Section title={adminTexts.sectionGeneral}>
        <Facts
          items={[
            [adminTexts.quoteNumber, devis.numeroDevis],
            ...(devis.numeroDevisOriginal != null
              ? ([[importedQuoteTexts.numeroOriginal, devis.numeroDevisOriginal]] as [string, ReactNode][])
              : []),
            [q.status, statutLabel(devis.statut)],
            [q.dateSimulation, formatParisDateTime(devis.dateSimulation)],
            [q.adresseDepart, devis.adresseDepart],
            [q.adresseArrivee, devis.adresseArrivee],
            [q.distance, formatDistance(devis.distanceKm)],
            [hasFinalPrice(devis) ? q.prixFinal : q.prixTtc, formatQuotePrice(devis)],
            [q.typeConvoyage, valueLabel(devis.typeConvoyage)],
          ]}
        />
      </Section>
      <Section title={adminTexts.sectionTimes}>
        <Facts
          items={[
            [adminTexts.rangeStart(q.pickupRange), wallClock(devis.datePriseEnCharge?.start)],
            [adminTexts.rangeEnd(q.pickupRange), wallClock(devis.datePriseEnCharge?.end)],
            [adminTexts.rangeStart(q.deliveryRange), wallClock(devis.dateLivraisonSouhaitee?.start)],
            [adminTexts.rangeEnd(q.deliveryRange), wallClock(devis.dateLivraisonSouhaitee?.end)],
          ]}
        />
      </Section>
      <Section title={adminTexts.sectionContacts}>
        <Facts
          items={[
            [q.contactDepart, contact(devis.contactDepart)],
            [q.contactArrivee, contact(devis.contactArrivee)],
          ]}
        />
      </Section>
      <Section title={adminTexts.sectionOptions}>
        <Facts
          items={[
            [q.documentation, yesNo(o?.documentation)],
            [q.lavage, o ? valueLabel(o.lavage) : texts.none],
            [q.sansCarburant, yesNo(o?.sansCarburant)],
            [q.wGarage, yesNo(o?.wGarage)],
          ]}
        />
      </Section>
      <Section title={adminTexts.sectionVehicle}>
        <Facts
          items={[
            [q.typeVehicule, devis.typeVehicule],
            [q.immatriculation, v?.immatriculation],
            [q.marque, v?.marque],
            [q.modele, v?.modele],
            [q.chassis, v?.chassis],
            [q.motorisation, valueLabel(v?.motorisation)],
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
          <time dateTime={entry.at}>{formatParisDateTime(entry.at)}</time> —{' '}
          {entry.fromStatut === null
            ? adminTexts.historyCreated(statutLabel(entry.toStatut))
            : adminTexts.historyEntry(statutLabel(entry.fromStatut), statutLabel(entry.toStatut))}
          {entry.event ? ` — ${q.historyEvent(entry.event, entry.byName)}` : null} (
          {entry.byRole === 'admin' ? adminTexts.byAdmin : adminTexts.byCustomer})
        </li>
      ))}
    </ol>
  );
}
