import { useSearchParams } from 'react-router';
import { texts } from '#domain/texts/common.ts';
import { ResetPasswordForm } from '#client/features/accounts/components/reset-password-form.tsx';
import { Page } from '#client/ui/page.tsx';

export function ReinitialiserMotDePassePage() {
  const [params] = useSearchParams();
  return (
    <Page title={texts.resetPasswordTitle}>
      <ResetPasswordForm token={params.get('token')} />
    </Page>
  );
}
