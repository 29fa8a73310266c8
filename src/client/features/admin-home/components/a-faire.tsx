import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatCentimes, formatPercent } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import type { Etape } from '#domain/schemas/missions.ts';
import { adminHomeTexts as t } from '#domain/texts/admin-home.ts';
import { Message } from '#client/ui/message.tsx';
import { useAFaire } from '../api/use-a-faire.ts';
import { AFaireEntry, InspectionsOnPhone } from './a-faire-items.tsx';
import styles from './a-faire.module.css';

type AFaireProps = {
  /** The inspections this phone holds, completed and not sent yet (the missions' offline store). */
  inspections: readonly { devisId: string; etape: Etape }[];
};

/** « À faire » at the top of /admin: what waits for the administrator, each item a link to where it is done. */
export function AFaire({ inspections }: AFaireProps) {
  const aFaire = useAFaire();
  const data = aFaire.data;
  // An inspection sent from this phone completes its appointment: ask again.
  const { refetch } = aFaire;
  const waiting = useRef(inspections.length);
  useEffect(() => {
    if (waiting.current === inspections.length) return;
    waiting.current = inspections.length;
    void refetch();
  }, [inspections.length, refetch]);
  const isEmpty = data !== undefined && data.elements.length === 0 && inspections.length === 0;
  return (
    <section className={styles.band} aria-labelledby="a-faire-titre" aria-busy={aFaire.isFetching || undefined}>
      <h2 id="a-faire-titre" className={styles.title}>
        {t.title}
      </h2>
      {aFaire.isPending ? <p role="status">{t.loading}</p> : null}
      {aFaire.isError && !data ? <Message kind="error">{t.loadFailed}</Message> : null}
      {data ? (
        <>
          {isEmpty ? <p className={styles.nothing}>{t.nothing}</p> : null}
          <ul className={styles.items}>
            <InspectionsOnPhone inspections={inspections} />
            {data.elements.map((item) => (
              <AFaireEntry key={item.type} item={item} context={{ today: data.jour, now: data.maintenant }} />
            ))}
          </ul>
          <p className={styles.revenue}>
            <Link to={paths.adminChiffreAffaires}>
              {t.revenue(
                formatCentimes(data.chiffreAffaires.totalCentimes),
                formatCentimes(data.chiffreAffaires.plafondCentimes),
                formatPercent(data.chiffreAffaires.totalCentimes / data.chiffreAffaires.plafondCentimes),
              )}
            </Link>
          </p>
        </>
      ) : null}
    </section>
  );
}
