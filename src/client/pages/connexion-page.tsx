import { Suspense, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { paths } from '#domain/paths.ts';
import { VERIFICATION_OUTCOMES, type VerificationOutcome } from '#domain/verification.ts';
import { texts } from '#domain/texts/common.ts';
import { privacyTexts } from '#domain/texts/privacy.ts';
import { preloaded } from '#client/lib/preloaded.tsx';
import { withQueryClient } from '#client/lib/query-client.tsx';
import { destinationAfterLogin, useSession } from '#client/lib/use-session.ts';
import { FormPlaceholder } from '#client/ui/form-placeholder.tsx';
import { Message } from '#client/ui/message.tsx';
import { Page } from '#client/ui/page.tsx';
import styles from './connexion-page.module.css';

// The form and its validation load beside the page (which can paint its heading first), from the
// moment the page's module is read: by the time the session is known, the form is there.
const LoginForm = preloaded(() => import('#client/features/accounts/components/login-form.tsx').then((m) => m.LoginForm));

const verificationMessages: Record<VerificationOutcome, { kind: 'success' | 'info' | 'error'; text: string }> = {
  ok: { kind: 'success', text: texts.verificationOk },
  'deja-utilise': { kind: 'info', text: texts.verificationReused },
  expire: { kind: 'error', text: texts.verificationExpired },
  invalide: { kind: 'error', text: texts.verificationInvalid },
};

function isOutcome(value: string | null): value is VerificationOutcome {
  return (VERIFICATION_OUTCOMES as readonly (string | null)[]).includes(value);
}

/** /connexion: the login form, the outcome of a verification link, and a redirect by role. */
export const ConnexionPage = withQueryClient(function ConnexionPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  // An account with a second factor is past its password: « Pas encore de compte ? » no longer applies.
  const [isCodeStep, setIsCodeStep] = useState(false);
  const user = session.data?.user;
  if (user) return <Navigate to={destinationAfterLogin(user.role, from)} replace />;

  const verification = params.get('verification');
  const notice = isOutcome(verification)
    ? verificationMessages[verification]
    : params.get('reinitialise') === '1'
      ? { kind: 'success' as const, text: texts.resetPasswordDone }
      : params.get('compte') === 'supprime'
        ? { kind: 'success' as const, text: privacyTexts.deleted }
        : null;

  return (
    <Page title={texts.loginTitle}>
      {notice ? <Message kind={notice.kind}>{notice.text}</Message> : null}
      {session.isPending ? (
        <FormPlaceholder className={styles.formPlace}>{texts.checkingPermissions}</FormPlaceholder>
      ) : (
        <Suspense fallback={<FormPlaceholder className={styles.formPlace} />}>
          <LoginForm variant="page" onCodeAsked={() => setIsCodeStep(true)} />
        </Suspense>
      )}
      {isCodeStep ? null : (
        <p>
          {texts.noAccountYet} <Link to={{ pathname: paths.home, hash: '#creer-compte' }}>{texts.signupTitle}</Link>
        </p>
      )}
    </Page>
  );
});
