import { legalTexts as l } from '#domain/texts/legal.ts';
import { publicPageMeta } from '#domain/texts/common.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import styles from '#client/features/legal/components/legal.module.css';
import { Button } from '#client/ui/button.tsx';
import { Page } from '#client/ui/page.tsx';

/** /retractation: the model withdrawal form of the annex to R221-1, to print, and the online way. */
export function RetractationPage() {
  const { business, contact } = usePublicConfig();
  return (
    <Page title={publicPageMeta.retractation.title} heading={l.formTitle}>
      <p className={styles.noPrint}>{l.formOnline}</p>
      <div className={styles.form}>
        <p>{l.formIntro}</p>
        <p>{l.formTo(business.legalName, business.address, contact.email)}</p>
        {l.formLines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <p className={styles.noPrint}>
        <Button variant="secondary" onClick={() => window.print()}>
          {l.cgvPrint}
        </Button>
      </p>
    </Page>
  );
}
