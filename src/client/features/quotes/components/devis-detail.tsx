import { Fragment, type ReactNode } from 'react';
import { formatDistance, formatParisDate, formatParisDateTime, formatWallClock } from '#domain/format.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { statutLabel } from '#domain/statuses.ts';
import { texts } from '#domain/texts/common.ts';
import { quoteTexts as t, valueLabel } from '#domain/texts/quotes.ts';
import { priceFact } from './price-fact.ts';
import { StatusBadge } from './status-badge.tsx';
import { TitledSection } from '#client/ui/titled-section.tsx';
import styles from './quotes.module.css';

const Panel = (props: { title: string; children: ReactNode }) => <TitledSection className={styles.panel} {...props} />;

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <Fact key={label} label={label} value={value} />
      ))}
    </dl>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

const yesNo = (value: boolean | undefined) => (value ? t.yes : t.no);

function rangeRows(range: Devis['datePriseEnCharge']): [string, ReactNode][] {
  return [
    [t.rangeStart, formatWallClock(range?.start) ?? texts.notSpecified],
    [t.rangeEnd, formatWallClock(range?.end) ?? texts.notSpecified],
  ];
}

/** The data of the simulation: read-only on the detail and on the completion page. */
export function SimulationSummary({ devis }: { devis: Devis }) {
  return (
    <Facts
      rows={[
        [t.adresseDepart, devis.adresseDepart],
        [t.adresseArrivee, devis.adresseArrivee],
        [t.typeVehicule, devis.typeVehicule],
        [t.distance, formatDistance(devis.distanceKm)],
        priceFact(devis),
        [t.dateSimulation, formatParisDate(devis.dateSimulation)],
        [t.status, <StatusBadge key="statut" statut={devis.statut} />],
      ]}
    />
  );
}

/** The read-only quote of /devis/{id}, field by field as the specification lists them. */
export function DevisDetail({ devis }: { devis: Devis }) {
  const options = devis.options;
  const vehicle = devis.infosVehicule;
  return (
    <div className={styles.detailGrid}>
      <Panel title={t.simulationData}>
        <SimulationSummary devis={devis} />
      </Panel>
      <Panel title={t.datesTitle}>
        <h3>{t.pickupRange}</h3>
        <Facts rows={rangeRows(devis.datePriseEnCharge)} />
        <h3>{t.deliveryRange}</h3>
        <Facts rows={rangeRows(devis.dateLivraisonSouhaitee)} />
      </Panel>
      <Panel title={t.options}>
        <Facts
          rows={[
            [t.typeConvoyage, valueLabel(devis.typeConvoyage) ?? t.notSpecifiedMasc],
            [t.documentation, yesNo(options?.documentation)],
            [t.lavage, valueLabel(options?.lavage) ?? texts.none],
            [t.sansCarburant, yesNo(options?.sansCarburant)],
            [t.wGarage, yesNo(options?.wGarage)],
          ]}
        />
      </Panel>
      {devis.contactDepart || devis.contactArrivee ? (
        <Panel title={t.contactsTitle}>
          {(
            [
              [t.contactDepart, devis.contactDepart],
              [t.contactArrivee, devis.contactArrivee],
            ] as const
          ).map(([heading, contact]) =>
            contact ? (
              <Fragment key={heading}>
                <h3>{heading}</h3>
                <Facts
                  rows={[
                    [t.nom, contact.nom],
                    [t.telephone, contact.telephone],
                  ]}
                />
              </Fragment>
            ) : null,
          )}
        </Panel>
      ) : null}
      {vehicle ? (
        <Panel title={t.vehicleInfo}>
          <Facts
            rows={[
              [
                t.immatriculation,
                vehicle.plaqueEtrangere ? `${vehicle.immatriculation} (${t.plaqueEtrangere.toLowerCase()})` : vehicle.immatriculation,
              ],
              [t.marque, vehicle.marque],
              [t.modele, vehicle.modele],
              [t.chassis, vehicle.chassis || t.notSpecifiedMasc],
              [t.motorisation, valueLabel(vehicle.motorisation)],
            ]}
          />
        </Panel>
      ) : null}
      {devis.commentaire ? (
        <Panel title={t.commentaire}>
          <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{devis.commentaire}</p>
        </Panel>
      ) : null}
      {devis.historique?.length ? (
        <Panel title={t.history}>
          <ol className={styles.history}>
            {devis.historique.map((entry) => (
              <li key={`${entry.at}-${entry.toStatut}`}>
                <time dateTime={entry.at}>{formatParisDateTime(entry.at)}</time> –{' '}
                {entry.event
                  ? `${t.historyEvent(entry.event, entry.byName)} – ${t.historyEntry(statutLabel(entry.toStatut))}`
                  : t.historyEntry(statutLabel(entry.toStatut))}
              </li>
            ))}
          </ol>
        </Panel>
      ) : null}
    </div>
  );
}
