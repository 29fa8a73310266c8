import { useId } from 'react';
import { notificationTexts as n } from '#domain/texts/signature.ts';
import { CheckboxField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { useNotificationPreferences, useSetNotificationPreferences } from '../api/use-notification-preferences.ts';

/** The customer's switch for the e-mails that are not essential (status news of his quotes). */
export function NotificationSettings() {
  const headingId = useId();
  const preferences = useNotificationPreferences();
  const update = useSetNotificationPreferences();
  return (
    <section id="notifications" aria-labelledby={headingId}>
      <h2 id={headingId}>{n.settingsTitle}</h2>
      {preferences.data ? (
        <CheckboxField
          label={n.settingsLabel}
          checked={update.isPending ? (update.variables?.suiviParEmail ?? preferences.data.suiviParEmail) : preferences.data.suiviParEmail}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ suiviParEmail: event.target.checked })}
        />
      ) : null}
      <p>{n.settingsHint}</p>
      {update.isSuccess ? <Message kind="success">{n.settingsSaved}</Message> : null}
      {update.isError ? <Message kind="error">{n.settingsFailure}</Message> : null}
    </section>
  );
}
