import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import type { PlanningMission } from '#domain/schemas/missions.ts';
import type { contactSchema } from '#domain/schemas/devis.ts';
import { legalTexts } from '#domain/texts/legal.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import type { z } from 'zod';
import { formatDay, formatParisDateTime } from '#domain/format.ts';
import { Button } from '#client/ui/button.tsx';
import { Message } from '#client/ui/message.tsx';
import ui from '#client/ui/ui.module.css';
import { useFeed } from '../api/use-feed.ts';
import { OFFLINE_DATA_URLS, usePlanning } from '../api/use-planning.ts';
import { useOfflineReady } from '#client/lib/use-offline-ready.ts';
import { InspectionLinks, vehicleOf } from './mission-parts.tsx';
import styles from './missions.module.css';
import { navigationHref } from '#client/lib/maps.ts';
import { QueryStatus } from '#client/ui/query-status.tsx';

type Contact = z.infer<typeof contactSchema>;

const slotOf = (day: string | undefined, start: string | undefined, end: string | undefined) =>
  day ? m.slot(formatDay(day), start ?? '', end ?? '') : m.noSlot;
/** Opens the phone's maps application on the address (a web address every phone knows). */
const telUrl = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function ContactLine({ label, contact, address }: { label: string; contact: Contact | null; address: string }) {
  return (
    <div className={styles.contact}>
      <span>
        <strong>{label}</strong> : {contact?.nom || '—'}
      </span>
      {contact?.telephone ? (
        <a className={`${ui.button} ${ui.secondary}`} href={telUrl(contact.telephone)} aria-label={m.call(contact.telephone)}>
          {contact.telephone}
        </a>
      ) : null}
      <a
        className={`${ui.button} ${ui.secondary}`}
        href={navigationHref(address)}
        target="_blank"
        rel="noreferrer"
        aria-label={m.navigateTo(address)}
      >
        {m.navigate}
      </a>
    </div>
  );
}

function MissionCard({ mission }: { mission: PlanningMission }) {
  const pickup = mission.priseInfo;
  const delivery = mission.livraisonInfo;
  const isInProgress = mission.statut === 'en cours';
  return (
    <li className={styles.mission}>
      <h3>{m.missionHeading(mission.numeroDevis, `${mission.adresseDepart} → ${mission.adresseArrivee}`)}</h3>
      {isInProgress ? null : <p className={styles.info}>{m.forInformation}</p>}
      <p className={styles.info}>
        {m.vehicle}&nbsp;: {vehicleOf(mission)}
      </p>
      <p className={styles.info}>
        {m.pickupSlot} : {slotOf(pickup?.datePriseEnCharge, pickup?.debut, pickup?.fin)} · {m.deliverySlot} :{' '}
        {slotOf(delivery?.dateLivraisonSouhaitee, delivery?.debut, delivery?.fin)}
      </p>
      {mission.pasAvantLe ? (
        <p className={styles.info} title={legalTexts.notBeforeWarning(formatDay(mission.pasAvantLe))}>
          <strong>{legalTexts.notBefore(formatDay(mission.pasAvantLe))}</strong>
        </p>
      ) : null}
      <ContactLine label={m.contactDepart} contact={mission.contactDepart} address={mission.adresseDepart} />
      <ContactLine label={m.contactArrivee} contact={mission.contactArrivee} address={mission.adresseArrivee} />
      <p className={styles.state}>
        <strong>{m.inspectionsState}</strong> :{' '}
        <span className={mission.priseEnChargeLe ? styles.done : undefined}>
          {mission.priseEnChargeLe ? m.pickupDone(formatParisDateTime(mission.priseEnChargeLe)) : m.pickupToDo}
        </span>
        {' · '}
        <span className={mission.livraisonLe ? styles.done : undefined}>
          {mission.livraisonLe ? m.deliveryDone(formatParisDateTime(mission.livraisonLe)) : m.deliveryToDo}
        </span>
      </p>
      <p className={styles.actions}>
        <Link to={paths.adminMission(mission.id)}>{m.missionPageLink}</Link>
      </p>
      {isInProgress ? <InspectionLinks missionId={mission.id} isPickupDone={!!mission.priseEnChargeLe} variant="primary" /> : null}
    </li>
  );
}

/** The calendar feed: its state, and a new secret link shown once. */
function FeedPanel() {
  const { state, regenerate } = useFeed();
  const headingId = useId();
  const made = regenerate.data?.url;
  return (
    <section className={styles.feed} aria-labelledby={headingId}>
      <h2 id={headingId}>{m.feedTitle}</h2>
      <p>{m.feedIntro}</p>
      {state.data ? (
        <p>{state.data.actif && state.data.creeLe ? m.feedActive(formatParisDateTime(state.data.creeLe)) : m.feedNone}</p>
      ) : null}
      {made ? (
        <>
          <Message kind="success">{m.feedCreated}</Message>
          <label>
            {m.feedUrlLabel}
            <input className={`${ui.input} ${styles.feedUrl}`} readOnly value={made} onFocus={(event) => event.target.select()} />
          </label>
        </>
      ) : null}
      {regenerate.isError ? <Message kind="error">{m.feedFailure}</Message> : null}
      <Button variant="secondary" isBusy={regenerate.isPending} onClick={() => regenerate.mutate()}>
        {state.data?.actif ? m.feedRegenerate : m.feedCreate}
      </Button>
    </section>
  );
}

/** /admin/missions: what to carry out, by wished pickup day; the calendar feed below. */
export function Planning() {
  const planning = usePlanning();
  useOfflineReady([paths.adminMissions, ...OFFLINE_DATA_URLS]);
  const groups = planning.data?.groupes ?? [];
  return (
    <>
      <p>{m.planningIntro}</p>
      <QueryStatus query={planning} loading={m.planningLoading} failure={planning.error?.message} />
      {planning.data && groups.length === 0 ? <p>{m.planningEmpty}</p> : null}
      <div className={styles.groups}>
        {groups.map((group) => (
          <section key={group.groupe} className={styles.group} aria-label={m.groups[group.groupe]}>
            <h2>{m.groups[group.groupe]}</h2>
            <ul className={styles.missionList}>
              {group.missions.map((mission) => (
                <MissionCard key={mission.id} mission={mission} />
              ))}
            </ul>
          </section>
        ))}
      </div>
      <FeedPanel />
    </>
  );
}
