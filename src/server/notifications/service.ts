import type { Viewer } from '#server/accounts/guards.ts';
import type { Db } from '#server/db/index.ts';
import { setStatusUpdates, wantsStatusUpdates } from './repository.ts';

/** The customer's switch for the e-mails that are not essential, as the API shows it. */
export type NotificationPreferences = { suiviParEmail: boolean };

export async function getPreferences(db: Db, viewer: Viewer): Promise<NotificationPreferences> {
  return { suiviParEmail: await wantsStatusUpdates(db, viewer.id) };
}

export async function setPreferences(db: Db, viewer: Viewer, preferences: NotificationPreferences): Promise<NotificationPreferences> {
  await setStatusUpdates(db, viewer.id, preferences.suiviParEmail);
  return preferences;
}
