import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCentimes, formatDay, formatParisDate, formatPhoneNumber } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import type { AFaireItem, AFaireType, Appointment, DevisRef } from '#domain/schemas/a-faire.ts';
import type { Etape } from '#domain/schemas/missions.ts';
import { adminHomeTexts as t } from '#domain/texts/admin-home.ts';
import { platformStateLabel } from '#domain/texts/einvoicing.ts';
import { missionTexts } from '#domain/texts/missions.ts';
import { navigationHref } from '#client/lib/maps.ts';
import { telHref } from '#client/lib/phone.ts';
import styles from './a-faire.module.css';

type ItemOf<Type extends AFaireType> = Extract<AFaireItem, { type: Type }>;
type Context = { today: string; now: string };

/** How long ago, in the largest whole unit: « 45 min », « 3 h », « 2 jours ». */
export function ageOf(since: string, now: string): string {
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(since)) / 60_000));
  if (minutes < 60) return t.age.minutes(minutes);
  if (minutes < 24 * 60) return t.age.hours(Math.floor(minutes / 60));
  return t.age.days(Math.floor(minutes / (24 * 60)));
}

const quoteLabel = (devis: DevisRef) => [t.quoteNumber(devis.numeroDevis), devis.client].filter(Boolean).join(' · ');

/** An item of the band: its title (a link to where it is done, with its count) and its first elements. */
function Item({ title, to, children, more }: { title: string; to: string; children?: ReactNode; more?: number }) {
  return (
    <li className={styles.item}>
      <Link className={styles.itemTitle} to={to}>
        {title}
      </Link>
      {children ? <ul className={styles.lines}>{children}</ul> : null}
      {more && more > 0 ? <p className={styles.more}>{t.andMore(more)}</p> : null}
    </li>
  );
}

/** An item listing its first elements (`rows`, `line` writes each one) under an optional `hint`, the others counted below. */
function ListItem<Row extends { id: string }>({
  title,
  to,
  nombre,
  rows,
  line,
  hint,
}: {
  title: string;
  to: string;
  nombre: number;
  rows: readonly Row[];
  line: (row: Row) => ReactNode;
  hint?: ReactNode;
}) {
  return (
    <Item title={title} to={to} more={nombre - rows.length}>
      {hint}
      {rows.map((row) => (
        <li key={row.id}>{line(row)}</li>
      ))}
    </Item>
  );
}

/** Quotes waiting for the administrator since some time: each linked to its page, with how long. */
function WaitingQuotes({
  item,
  now,
  title,
  to,
  since,
}: { item: ItemOf<'devis-a-confirmer' | 'annulations-demandees'>; title: string; to: string; since: (age: string) => string } & Pick<
  Context,
  'now'
>) {
  return (
    <ListItem
      title={title}
      to={to}
      nombre={item.nombre}
      rows={item.devis}
      line={(devis) => (
        <>
          <Link to={paths.adminEditDevis(devis.id)}>{quoteLabel(devis)}</Link>{' '}
          <span className={styles.detail}>{since(ageOf(devis.depuis, now))}</span>
        </>
      )}
    />
  );
}

export function QuotesToConfirm({ item, now }: { item: ItemOf<'devis-a-confirmer'> } & Pick<Context, 'now'>) {
  const to = `${paths.admin}?statut=${encodeURIComponent('en attente de confirmation')}`;
  return <WaitingQuotes item={item} now={now} title={t.quotesToConfirm(item.nombre)} to={to} since={t.waitingSince} />;
}

/** Signed missions whose customer asked to cancel them: the first one's page, where « Supprimer » asks what becomes of the deposit. */
export function CancellationsRequested({ item, now }: { item: ItemOf<'annulations-demandees'> } & Pick<Context, 'now'>) {
  const to = paths.adminEditDevis(item.devis[0]?.id ?? '');
  return <WaitingQuotes item={item} now={now} title={t.cancellationsRequested(item.nombre)} to={to} since={t.requestedSince} />;
}

export function SignedWithoutDate({ item }: { item: ItemOf<'signes-sans-date'> }) {
  return (
    <ListItem
      title={t.signedWithoutDate(item.nombre)}
      to={paths.adminMissions}
      nombre={item.nombre}
      rows={item.devis}
      line={(devis) => <Link to={paths.adminEditDevis(devis.id)}>{quoteLabel(devis)}</Link>}
    />
  );
}

const inspectionPath = (devisId: string, etape: Etape) =>
  etape === 'prise-en-charge' ? paths.adminPriseEnCharge(devisId) : paths.adminLivraison(devisId);

function AppointmentLine({ appointment, today }: { appointment: Appointment } & Pick<Context, 'today'>) {
  const step = appointment.etape === 'prise-en-charge' ? t.pickup : t.delivery;
  const place = appointment.ville ?? appointment.adresse;
  return (
    <li className={styles.appointment}>
      <p className={styles.appointmentHead}>
        <strong>
          {appointment.jour === today ? t.today : t.tomorrow} · {t.slot(appointment.debut, appointment.fin)}
        </strong>{' '}
        <Link to={inspectionPath(appointment.devis.id, appointment.etape)}>
          {step} · {place}
        </Link>
      </p>
      <p className={styles.detail}>
        {quoteLabel(appointment.devis)}
        {appointment.contact ? ` · ${appointment.contact}` : ''}
      </p>
      <p className={styles.actions}>
        {appointment.telephone ? (
          <a className={styles.action} href={telHref(appointment.telephone)}>
            {appointment.contact ? t.call(appointment.contact) : t.callContact}
          </a>
        ) : null}
        <a
          className={styles.action}
          href={navigationHref(appointment.adresse)}
          target="_blank"
          rel="noreferrer"
          aria-label={missionTexts.navigateTo(appointment.adresse)}
        >
          {t.navigate}
        </a>
      </p>
    </li>
  );
}

export function Appointments({ item, today }: { item: ItemOf<'rendez-vous'> } & Pick<Context, 'today'>) {
  return (
    <Item title={t.upcoming(item.nombre)} to={paths.adminMissions} more={item.nombre - item.rendezVous.length}>
      {item.rendezVous.map((appointment) => (
        <AppointmentLine key={`${appointment.devis.id}-${appointment.etape}`} appointment={appointment} today={today} />
      ))}
    </Item>
  );
}

type FailedMessage = { id: string; destinataire: string; devis: DevisRef | null };

/**
 * Messages that failed to the end (e-mails, text messages): each one as `describe` says it, a
 * link to its quote when it had one, and to whom; the title leads to the first one's quote, or
 * to the journal.
 */
function FailedMessages<Message extends FailedMessage>({
  title,
  nombre,
  messages,
  describe,
  recipient = String,
}: {
  title: string;
  nombre: number;
  messages: readonly Message[];
  describe: (message: Message) => string;
  recipient?: (destinataire: string) => string;
}) {
  const first = messages.find((message) => message.devis)?.devis;
  return (
    <ListItem
      title={title}
      to={first ? paths.adminEditDevis(first.id) : paths.adminJournal}
      nombre={nombre}
      rows={messages}
      line={(message) => (
        <>
          {message.devis ? <Link to={paths.adminEditDevis(message.devis.id)}>{describe(message)}</Link> : describe(message)}{' '}
          <span className={styles.detail}>{t.failedEmailTo(recipient(message.destinataire))}</span>
        </>
      )}
    />
  );
}

export function FailedEmails({ item }: { item: ItemOf<'emails-en-echec'> }) {
  return (
    <FailedMessages title={t.failedEmails(item.nombre)} nombre={item.nombre} messages={item.emails} describe={(email) => email.sujet} />
  );
}

/** Text messages the provider refused to the end: the mission's page, to call instead. */
export function FailedSms({ item }: { item: ItemOf<'sms-en-echec'> }) {
  return (
    <FailedMessages
      title={t.failedSms(item.nombre)}
      nombre={item.nombre}
      messages={item.sms}
      describe={(sms) => (sms.devis ? quoteLabel(sms.devis) : t.failedSmsMission)}
      recipient={formatPhoneNumber}
    />
  );
}

/** An invoice's number and customer, linked to its page. */
function InvoiceLink({ facture }: { facture: { id: string; numero: string; client: string } }) {
  return (
    <Link to={paths.adminFacture(facture.id)}>
      {facture.numero} · {facture.client}
    </Link>
  );
}

export function OverdueInvoices({ item }: { item: ItemOf<'factures-en-retard'> }) {
  return (
    <ListItem
      title={t.overdueInvoices(item.nombre, formatCentimes(item.totalDuCentimes))}
      to={`${paths.adminFactures}?etat=${encodeURIComponent('en retard')}`}
      nombre={item.nombre}
      rows={item.factures}
      line={(facture) => (
        <>
          <InvoiceLink facture={facture} />{' '}
          <span className={styles.detail}>
            {formatCentimes(facture.resteCentimes)} · {t.overdueSince(formatDay(facture.dateEcheance))}
          </span>
        </>
      )}
    />
  );
}

/** Refunds owed after a withdrawal (L221-24: 14 days): by transfer until the bank page matches their debit, by card until the provider has made them. */
export function RefundsToMake({ item, today }: { item: ItemOf<'remboursements-a-faire'> } & Pick<Context, 'today'>) {
  return (
    <ListItem
      title={t.refundsToMake(item.nombre, formatCentimes(item.totalCentimes))}
      to={paths.adminBanque}
      nombre={item.nombre}
      rows={item.remboursements}
      hint={
        <>
          {item.remboursements.some((refund) => refund.moyen === 'virement') ? <li className={styles.detail}>{t.refundsHint}</li> : null}
          {item.remboursements.some((refund) => refund.moyen === 'carte') ? <li className={styles.detail}>{t.refundsByCardHint}</li> : null}
        </>
      }
      line={(refund) => (
        <>
          <InvoiceLink facture={{ id: refund.factureId, numero: refund.numero, client: refund.client }} />{' '}
          <span className={today > refund.avant ? styles.late : styles.detail}>
            {formatCentimes(refund.montantCentimes)}
            {refund.moyen === 'carte' ? ` ${t.refundByCard}` : ''} ·{' '}
            {today > refund.avant ? t.refundLate(formatDay(refund.avant)) : t.refundBefore(formatDay(refund.avant))}
          </span>
        </>
      )}
    />
  );
}

export function BankCredits({ item }: { item: ItemOf<'banque-a-rapprocher'> }) {
  return (
    <ListItem
      title={t.bankCredits(item.nombre)}
      to={paths.adminBanque}
      nombre={item.nombre}
      rows={item.operations}
      hint={item.proposees > 0 ? <li className={styles.detail}>{t.bankProposed(item.proposees)}</li> : null}
      line={(operation) => (
        <>
          {formatCentimes(operation.montantCentimes)} · {operation.contrepartie ?? t.bankUnknownPayer}{' '}
          <span className={styles.detail}>
            {formatDay(operation.date)}
            {operation.proposee ? ` · ${t.bankProposedLine}` : ''}
          </span>
        </>
      )}
    />
  );
}

/** Invoices the approved platform rejected, their buyer refused, or that did not leave: to cancel by a credit note and issue again. */
export function PlatformToCorrect({ item }: { item: ItemOf<'plateforme-a-corriger'> }) {
  return (
    <ListItem
      title={t.platformToCorrect(item.nombre)}
      to={paths.adminFactures}
      nombre={item.nombre}
      rows={item.factures}
      hint={<li className={styles.detail}>{t.platformToCorrectHint}</li>}
      line={(facture) => (
        <>
          <InvoiceLink facture={facture} /> <span className={styles.detail}>{platformStateLabel(facture.etat)}</span>
        </>
      )}
    />
  );
}

/** Supplier invoices received through the platform, to approve or refuse on /admin/achats. */
export function PurchasesToDecide({ item }: { item: ItemOf<'achats-a-traiter'> }) {
  return (
    <ListItem
      title={t.purchasesToDecide(item.nombre)}
      to={paths.adminAchats}
      nombre={item.nombre}
      rows={item.achats}
      line={(achat) => (
        <>
          {achat.fournisseur} · {achat.numero}
          {achat.totalTtcCentimes === null ? '' : ` · ${formatCentimes(achat.totalTtcCentimes)}`}{' '}
          <span className={styles.detail}>{t.receivedOn(formatParisDate(achat.recuLe))}</span>
        </>
      )}
    />
  );
}

export function ConfigurationWarnings({ item }: { item: ItemOf<'configuration'> }) {
  return (
    <li className={styles.item}>
      <p className={styles.itemTitle}>{t.configuration}</p>
      <ul className={styles.lines}>
        {item.alertes.map((alerte) => (
          <li key={alerte}>{t.warnings[alerte]}</li>
        ))}
      </ul>
    </li>
  );
}

/** Inspections completed on this phone and not yet sent (the offline store): only this phone knows them. */
export function InspectionsOnPhone({ inspections }: { inspections: readonly { devisId: string; etape: Etape }[] }) {
  const first = inspections[0];
  if (!first) return null;
  return (
    <Item title={t.inspectionsOnPhone(inspections.length)} to={inspectionPath(first.devisId, first.etape)}>
      <li className={styles.detail}>{t.inspectionsOffline}</li>
    </Item>
  );
}

/** Each kind of the API's answer, shown by its own component. */
export function AFaireEntry({ item, context }: { item: AFaireItem; context: Context }) {
  switch (item.type) {
    case 'devis-a-confirmer':
      return <QuotesToConfirm item={item} now={context.now} />;
    case 'annulations-demandees':
      return <CancellationsRequested item={item} now={context.now} />;
    case 'signes-sans-date':
      return <SignedWithoutDate item={item} />;
    case 'rendez-vous':
      return <Appointments item={item} today={context.today} />;
    case 'emails-en-echec':
      return <FailedEmails item={item} />;
    case 'sms-en-echec':
      return <FailedSms item={item} />;
    case 'factures-en-retard':
      return <OverdueInvoices item={item} />;
    case 'remboursements-a-faire':
      return <RefundsToMake item={item} today={context.today} />;
    case 'banque-a-rapprocher':
      return <BankCredits item={item} />;
    case 'plateforme-a-corriger':
      return <PlatformToCorrect item={item} />;
    case 'achats-a-traiter':
      return <PurchasesToDecide item={item} />;
    case 'configuration':
      return <ConfigurationWarnings item={item} />;
  }
}
