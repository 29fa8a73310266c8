import { useState } from 'react';
import { CATEGORIES_DEPENSE, MOYENS_PAIEMENT_DEPENSE, type CategorieDepense, type MoyenPaiementDepense } from '#domain/expenses.ts';
import { formatCentimes, formatDay } from '#domain/format.ts';
import { REFUSAL_REASONS, type RefusalReason } from '#domain/einvoicing.ts';
import type { Achat } from '#domain/schemas/einvoicing.ts';
import { einvoicingTexts, purchaseTexts as t, reasonLabels } from '#domain/texts/einvoicing.ts';
import { CATEGORIE_LABELS, MOYEN_DEPENSE_LABELS } from '#domain/texts/expenses.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { CheckboxField, ChoiceOptions, Options, SelectField, TextAreaField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { useToast } from '#client/ui/toast.tsx';
import ui from '#client/ui/ui.module.css';
import { QueryStatus } from '#client/ui/query-status.tsx';
import { purchaseFileUrl, useApprovePurchase, usePurchases, useRefusePurchase } from '../api/use-einvoicing.ts';
import styles from './einvoicing.module.css';

type MissionChoice = { id: string; label: string };

/**
 * /admin/achats: the supplier invoices received through the platform; approve (as an expense of
 * one of `missions`, or a general one) or refuse each one.
 */
export function PurchaseList({ missions = [] }: { missions?: readonly MissionChoice[] }) {
  const [page, setPage] = useState(1);
  const purchases = usePurchases(page);
  const data = purchases.data;
  return (
    <>
      <p>{t.intro}</p>
      <QueryStatus query={purchases} loading={t.loading} />
      {data && !data.enabled ? <Message kind="info">{einvoicingTexts.disabled}</Message> : null}
      {data?.enabled && !data.depensesDisponibles ? <p className={styles.muted}>{t.expensesUnavailable}</p> : null}
      {data && data.items.length === 0 ? <p>{t.empty}</p> : null}
      <ul className={styles.list}>
        {data?.items.map((achat) => (
          <Purchase key={achat.id} achat={achat} canMakeExpense={data.depensesDisponibles} missions={missions} />
        ))}
      </ul>
      {data && data.total > data.parPage ? (
        <div className={styles.actions}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t.previous}
          </Button>
          <Button variant="secondary" disabled={page * data.parPage >= data.total} onClick={() => setPage(page + 1)}>
            {t.next}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function Purchase({ achat, canMakeExpense, missions }: { achat: Achat; canMakeExpense: boolean; missions: readonly MissionChoice[] }) {
  const approve = useApprovePurchase();
  const refuse = useRefusePurchase();
  const toast = useToast();
  const [asExpense, setAsExpense] = useState(canMakeExpense);
  const [devisId, setDevisId] = useState('');
  const [categorie, setCategorie] = useState<CategorieDepense>(achat.categorieSuggeree);
  const [moyenPaiement, setMoyenPaiement] = useState<MoyenPaiementDepense>(achat.moyenPaiementSuggere);
  const [refusing, setRefusing] = useState(false);
  const [motif, setMotif] = useState<RefusalReason | ''>('');
  const [commentaire, setCommentaire] = useState('');
  const amount = (cents: number | null) => (cents === null ? '–' : formatCentimes(cents));

  return (
    <li className={styles.card}>
      <h2 className={styles.cardTitle}>
        {achat.fournisseurNom} – {t.number} {achat.numero}
      </h2>
      <p className={styles.meta}>
        {t.date}&nbsp;: {formatDay(achat.dateFacture)} – {t.status}&nbsp;: <strong>{t.statuses[achat.statut]}</strong>
        {achat.motifRefus ? ` (${reasonLabels[achat.motifRefus] ?? achat.motifRefus})` : ''}
      </p>
      <p className={styles.meta}>
        {t.totalExcl}&nbsp;: {amount(achat.totalHtCentimes)} – {t.vat}&nbsp;: {amount(achat.tvaCentimes)} – {t.totalIncl}&nbsp;:{' '}
        {amount(achat.totalTtcCentimes)}
      </p>
      <div className={styles.actions}>
        <a className={`${ui.button} ${ui.secondary}`} href={purchaseFileUrl(achat.id)} download>
          {t.pdf}
          <span className="visually-hidden"> – {achat.numero}</span>
        </a>
      </div>
      {achat.statut === 'reçue' ? (
        <div className={styles.actions}>
          {canMakeExpense ? (
            <CheckboxField label={t.toExpense} checked={asExpense} onChange={(event) => setAsExpense(event.target.checked)} />
          ) : null}
          {canMakeExpense && asExpense ? (
            <>
              <SelectField label={t.category} value={categorie} onChange={(event) => setCategorie(event.target.value as CategorieDepense)}>
                <Options values={CATEGORIES_DEPENSE} label={(value) => CATEGORIE_LABELS[value]} />
              </SelectField>
              <SelectField
                label={t.paymentMeans}
                value={moyenPaiement}
                onChange={(event) => setMoyenPaiement(event.target.value as MoyenPaiementDepense)}
              >
                <Options values={MOYENS_PAIEMENT_DEPENSE} label={(value) => MOYEN_DEPENSE_LABELS[value]} />
              </SelectField>
              <SelectField label={t.mission} value={devisId} onChange={(event) => setDevisId(event.target.value)}>
                <ChoiceOptions choices={missions} empty={t.noMission} />
              </SelectField>
            </>
          ) : null}
          <Button
            isBusy={approve.isPending}
            onClick={() =>
              toast.report(
                () =>
                  approve.mutateAsync({
                    id: achat.id,
                    body:
                      canMakeExpense && asExpense
                        ? { depense: true, devisId: devisId || null, categorie, moyenPaiement }
                        : { depense: false, devisId: null },
                  }),
                canMakeExpense && asExpense ? t.expenseCreated : t.approved,
                messageOf,
              )
            }
          >
            {t.approve}
          </Button>
          {refusing ? null : (
            <Button variant="secondary" onClick={() => setRefusing(true)}>
              {t.refuse}
            </Button>
          )}
        </div>
      ) : null}
      {achat.statut === 'reçue' && refusing ? (
        <form
          className={styles.actions}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!motif) return toast.show(t.refusalReasonRequired, 'error');
            void toast.report(
              () => refuse.mutateAsync({ id: achat.id, body: { motif, commentaire: commentaire.trim() || null } }),
              t.refused,
              messageOf,
            );
          }}
        >
          <SelectField label={t.refusalReason} value={motif} onChange={(event) => setMotif(event.target.value as RefusalReason | '')}>
            <Options values={REFUSAL_REASONS} empty={t.chooseReason} label={(code) => reasonLabels[code]} />
          </SelectField>
          <TextAreaField
            label={t.refusalComment}
            value={commentaire}
            maxLength={500}
            onChange={(event) => setCommentaire(event.target.value)}
          />
          <Button type="submit" variant="secondary" isBusy={refuse.isPending}>
            {t.confirmRefusal}
          </Button>
        </form>
      ) : null}
    </li>
  );
}
