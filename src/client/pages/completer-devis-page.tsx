import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '#domain/paths.ts';
import { canApply } from '#domain/statuses.ts';
import { quoteTexts as t } from '#domain/texts/quotes.ts';
import { useProfile } from '#client/lib/use-profile.ts';
import { useSession } from '#client/lib/use-session.ts';
import { useCompleteDevis } from '#client/features/quotes/api/complete-devis.ts';
import { useDevis } from '#client/features/quotes/api/get-devis.ts';
import { CompletionForm } from '#client/features/quotes/components/completion-form.tsx';
import { SimulationSummary } from '#client/features/quotes/components/devis-detail.tsx';
import { DevisUnavailable } from '#client/features/quotes/components/devis-unavailable.tsx';
import styles from '#client/features/quotes/components/quotes.module.css';
import { Message } from '#client/ui/message.tsx';
import { Page } from '#client/ui/page.tsx';
import { useToast } from '#client/ui/toast.tsx';

export function CompleterDevisPage() {
  const { id = '' } = useParams();
  const query = useDevis(id);
  const session = useSession();
  const profile = useProfile();
  const complete = useCompleteDevis(id);
  const toast = useToast();
  const navigate = useNavigate();
  const back = (
    <p className={styles.links}>
      <Link to={paths.espaceClient}>{t.backToArea}</Link>
    </p>
  );

  const devis = query.data;
  // The form takes its defaults once, when it appears: the profile's phone must be there by then.
  if (!devis || profile.isPending) {
    return (
      <DevisUnavailable title={t.completeTitle} isLoading={query.isPending || profile.isPending}>
        {back}
      </DevisUnavailable>
    );
  }
  const user = session.data?.user;
  return (
    <Page title={t.completeTitle}>
      <section className={styles.panel} aria-label={t.simulationData}>
        <h2>{t.quoteNumber(devis.numeroDevis)}</h2>
        <SimulationSummary devis={devis} />
      </section>
      {canApply('customer', 'complete', devis.statut) ? (
        <div className={styles.section}>
          <CompletionForm
            devisId={devis.id}
            defaults={{ nom: user?.name ?? '', email: user?.email ?? '', telephone: profile.data?.telephone ?? '' }}
            isSubmitting={complete.isPending}
            onSubmit={async (completion) => {
              await complete.mutateAsync(completion);
              toast.show(t.completeSuccess, 'success');
              navigate(paths.espaceClient);
            }}
          />
        </div>
      ) : (
        <div className={styles.section}>
          <Message kind="info">{t.notCompletable}</Message>
          <p className={styles.links}>
            <Link to={paths.devis(devis.id)}>{t.view}</Link>
            <Link to={paths.espaceClient}>{t.backToArea}</Link>
          </p>
        </div>
      )}
    </Page>
  );
}
