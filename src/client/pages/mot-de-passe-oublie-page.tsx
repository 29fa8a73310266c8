import { texts } from '#domain/texts/common.ts';
import { ForgotPasswordForm } from '#client/features/accounts/components/forgot-password-form.tsx';
import { Page } from '#client/ui/page.tsx';

export function MotDePasseOubliePage() {
  return (
    <Page title={texts.forgotPasswordTitle}>
      <ForgotPasswordForm />
    </Page>
  );
}
