import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '#domain/paths.ts';
import { loginSchema, type LoginInput } from '#domain/schemas/accounts.ts';
import { texts } from '#domain/texts/common.ts';
import { Button } from '#client/ui/button.tsx';
import { CheckboxField, TextField } from '#client/ui/field.tsx';
import { ApiError, messageOf } from '#client/lib/api.ts';
import { FormActions } from './form-actions.tsx';
import { preferredStayLoggedIn, resendVerification, signIn } from '../api/auth-api.ts';
import { destinationAfterLogin, refreshSession } from '#client/lib/use-session.ts';
import styles from './accounts.module.css';
import { fieldOf } from '#client/lib/form-field.ts';

// The code step (accounts with a second factor) loads only when a sign-in asks for it.
const CodeStep = lazy(() => import('./code-step.tsx').then((m) => ({ default: m.CodeStep })));

type Feedback = { kind: 'error'; text: string; unverifiedEmail?: string } | { kind: 'success'; text: string } | null;

type LoginFormProps = {
  /** The home section words a failure "❌ Connexion échouée : …"; the /connexion page as the spec says. */
  variant: 'home' | 'page';
  /** Told when the sign-in asks for the second factor's code (the page then hides its sign-up link). */
  onCodeAsked?: () => void;
};

/** Login with the persistence choice: "rester connecté" keeps a cookie that survives the browser. */
export function LoginForm({ variant, onCodeAsked }: LoginFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [isResending, setIsResending] = useState(false);
  const [isCodeAsked, setIsCodeAsked] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', motDePasse: '', resterConnecte: preferredStayLoggedIn() },
  });
  const field = fieldOf(register, errors);

  function failureText(error: unknown): string {
    if (!(error instanceof ApiError)) return variant === 'page' ? texts.loginFailurePage : texts.loginFailureHome(texts.unknownError);
    if (error.code === 'rate_limited' || error.code === 'account_locked') return `❌ ${error.message}`;
    return variant === 'page' ? texts.loginFailurePage : texts.loginFailureHome(error.message);
  }

  const onSubmit = handleSubmit(async (values) => {
    setFeedback(null);
    try {
      const answer = await signIn({ email: values.email, password: values.motDePasse, rememberMe: values.resterConnecte });
      if (answer.twoFactorRedirect) {
        setIsCodeAsked(true);
        onCodeAsked?.();
        return;
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === 'email_not_verified') {
        setFeedback({ kind: 'error', text: texts.emailNotVerified, unverifiedEmail: values.email });
      } else {
        setFeedback({ kind: 'error', text: failureText(error) });
      }
      return;
    }
    const session = await refreshSession(queryClient);
    await navigate(session.user ? destinationAfterLogin(session.user.role, from) : paths.espaceClient, { replace: variant === 'page' });
  });

  async function resend(email: string) {
    setIsResending(true);
    try {
      await resendVerification(email);
      setFeedback({ kind: 'success', text: texts.verificationResent(email) });
    } catch (error) {
      setFeedback({ kind: 'error', text: `❌ ${messageOf(error)}`, unverifiedEmail: email });
    } finally {
      setIsResending(false);
    }
  }

  if (isCodeAsked) {
    return (
      <Suspense>
        <CodeStep from={from} />
      </Suspense>
    );
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={texts.loginTitle}>
      <TextField label={texts.fieldEmail} type="email" autoComplete="email" required {...field('email')} />
      <TextField label={texts.fieldMotDePasse} type="password" autoComplete="current-password" required {...field('motDePasse')} />
      <CheckboxField label={texts.stayLoggedIn} {...register('resterConnecte')} />
      <FormActions
        submitLabel={texts.loginSubmit}
        isSubmitting={isSubmitting}
        feedback={feedback}
        extra={<Link to={paths.motDePasseOublie}>{texts.forgotPasswordLink}</Link>}
        followUp={
          feedback?.kind === 'error' && feedback.unverifiedEmail ? (
            <Button variant="secondary" isBusy={isResending} onClick={() => void resend(feedback.unverifiedEmail!)}>
              {texts.resendVerification}
            </Button>
          ) : null
        }
      />
    </form>
  );
}
