import { useId } from 'react';
import { notificationTexts as n } from '#domain/texts/signature.ts';
import { trackingTexts } from '#domain/texts/tracking.ts';
import { CheckboxField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { useNotificationPreferences, useSetNotificationPreferences } from '../api/use-notification-preferences.ts';

/** The customer's switches for what is not essential: the status news by e-mail, the tracking's text messages. */
export function NotificationSettings() {
  const headingId = useId();
  const preferences = useNotificationPreferences();
  const update = useSetNotificationPreferences();
  const current = update.isPending ? update.variables : preferences.data;
  return (
    <section id="notifications" aria-labelledby={headingId}>
      <h2 id={headingId}>{n.settingsTitle}</h2>
      {current ? (
        <>
          <CheckboxField
            label={n.settingsLabel}
            checked={current.suiviParEmail}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ ...current, suiviParEmail: event.target.checked })}
          />
          <CheckboxField
            label={trackingTexts.smsSwitch}
            checked={current.suiviParSms}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ ...current, suiviParSms: event.target.checked })}
          />
        </>
      ) : null}
      <p>{n.settingsHint}</p>
      {update.isSuccess ? <Message kind="success">{n.settingsSaved}</Message> : null}
      {update.isError ? <Message kind="error">{n.settingsFailure}</Message> : null}
    </section>
  );
}
