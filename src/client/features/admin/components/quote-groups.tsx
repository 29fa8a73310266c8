import { useId, useState } from 'react';
import type { AdminGroup, DevisSummary, StatutFilter } from '#domain/schemas/admin.ts';
import { isExpiredOffer } from '#domain/legal.ts';
import { statutLabel } from '#domain/statuses.ts';
import { legalTexts } from '#domain/texts/legal.ts';
import { texts } from '#domain/texts/common.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { formatParisDate, formatParisDateTime, formatQuotePrice } from '#domain/format.ts';
import { telHref } from '#client/lib/phone.ts';
import { Button } from '#client/ui/button.tsx';
import { Message } from '#client/ui/message.tsx';
import { useAdminGroup } from '../api/use-admin-quotes.ts';
import { QuoteActions } from './quote-actions.tsx';
import styles from './admin.module.css';
import { NoBreak } from '#client/ui/keep-together.tsx';

function QuoteItem({ devis }: { devis: DevisSummary }) {
  return (
    <li className={styles.quote}>
      <div className={styles.quoteHead}>
        <h3 className={styles.quoteTitle}>{adminTexts.pdfTitle(devis.numeroDevis)}</h3>
        <span className={styles.badge}>{statutLabel(devis.statut)}</span>
        {isExpiredOffer(devis) ? <span className={`${styles.badge} ${styles.badgeDanger}`}>{legalTexts.expiredBadge}</span> : null}
        {devis.envoiEchoue ? <span className={`${styles.badge} ${styles.badgeDanger}`}>{adminTexts.mailFailedBadge}</span> : null}
      </div>
      <p className={styles.quoteInfo}>
        {formatParisDate(devis.dateSimulation)} · {devis.adresseDepart} → {devis.adresseArrivee} · {devis.typeVehicule} ·{' '}
        {formatQuotePrice(devis)}
        {devis.clientNom ? ` · ${devis.clientNom}` : ''}
        {devis.clientTelephone ? (
          <>
            {' · '}
            <a href={telHref(devis.clientTelephone)}>{devis.clientTelephone}</a>
          </>
        ) : null}
      </p>
      <QuoteActions devis={devis} />
    </li>
  );
}

/** One client e-mail: collapsed by default; its quotes render only once opened. */
function GroupItem({ group, filter }: { group: AdminGroup; filter: { q: string; statut: StatutFilter } }) {
  const [isOpen, setIsOpen] = useState(false);
  const [wantsAll, setWantsAll] = useState(false);
  const panelId = useId();
  const all = useAdminGroup({ ...filter, groupe: group.email }, isOpen && wantsAll);
  const quotes = wantsAll && all.data?.groups[0] ? all.data.groups[0].devis : group.devis;
  const hidden = group.count - group.devis.length;
  // Who the e-mail belongs to, as their latest quote names them.
  const clientNom = group.devis.find((devis) => devis.clientNom)?.clientNom;
  return (
    <li className={styles.group}>
      {/* The page's h1, then one h2 per client (the disclosure button inside it), then an h3 per quote. */}
      <h2 className={styles.groupHeading}>
        <button
          type="button"
          className={styles.groupToggle}
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen((open) => !open)}
        >
          <span className={styles.groupEmail}>
            <NoBreak>{group.email}</NoBreak>
          </span>
          <span className={styles.groupMeta}>
            {clientNom ? `${clientNom} · ` : ''}
            {adminTexts.groupCount(group.count)} · {adminTexts.lastActivity(formatParisDateTime(group.derniereActivite))}
          </span>
        </button>
      </h2>
      {isOpen ? (
        <div id={panelId}>
          <ul className={styles.quotes}>
            {quotes.map((devis) => (
              <QuoteItem key={devis.id} devis={devis} />
            ))}
          </ul>
          {hidden > 0 && !wantsAll ? (
            <p className={styles.quoteInfo} style={{ padding: '0 1rem 1rem' }}>
              <Button variant="link" onClick={() => setWantsAll(true)}>
                {adminTexts.showAllOfGroup(group.count)}
              </Button>
            </p>
          ) : null}
          {wantsAll && all.isPending ? <p role="status">{texts.loading}</p> : null}
          {all.isError ? <Message kind="error">{adminTexts.actionFailure}</Message> : null}
        </div>
      ) : null}
    </li>
  );
}

export function QuoteGroups({ groups, filter }: { groups: AdminGroup[]; filter: { q: string; statut: StatutFilter } }) {
  return (
    <ul className={styles.groups}>
      {groups.map((group) => (
        <GroupItem key={group.email} group={group} filter={filter} />
      ))}
    </ul>
  );
}
