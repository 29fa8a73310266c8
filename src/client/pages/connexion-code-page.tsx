import { twoFactorTexts } from '#domain/texts-security.ts';
import { CodeStep } from '#client/features/two-factor/components/code-step.tsx';
import { Page } from '#client/ui/page.tsx';

/** /connexion/code: the second step of a sign-in, after the password, for an account with a second factor. */
export function ConnexionCodePage() {
  return (
    <Page title={twoFactorTexts.codeStepTitle}>
      <CodeStep />
    </Page>
  );
}
