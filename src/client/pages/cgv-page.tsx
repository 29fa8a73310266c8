import { Link } from 'react-router';
import { formatParisDateLong } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import { publicPageMeta } from '#domain/texts/common.ts';
import { legalTexts as l } from '#domain/texts/legal.ts';
import { useCgv } from '#client/features/legal/api/get-cgv.ts';
import { CgvText } from '#client/features/legal/components/cgv-text.tsx';
import styles from '#client/features/legal/components/legal.module.css';
import { Message } from '#client/ui/message.tsx';
import { withQueryClient } from '#client/lib/query-client.tsx';
import { Page } from '#client/ui/page.tsx';

/** /cgv: the terms of sale in force, as the server versions them (GET /api/cgv); it brings the query cache (public page). */
export const CgvPage = withQueryClient(function CgvPage() {
  const query = useCgv();
  const cgv = query.data;
  return (
    <Page title={publicPageMeta.cgv.title}>
      {cgv ? (
        <>
          <p className={styles.facts}>
            {l.cgvVersion(cgv.version, formatParisDateLong(cgv.date))}
            <br />
            {l.cgvSha256(cgv.sha256)}
          </p>
          <CgvText markdown={cgv.texte} />
          <p>
            <Link to={paths.retractation}>{l.withdrawalFormLink}</Link>
          </p>
        </>
      ) : query.isError ? (
        <Message kind="error">{l.cgvFailure}</Message>
      ) : (
        <p role="status">{l.cgvLoading}</p>
      )}
    </Page>
  );
});
