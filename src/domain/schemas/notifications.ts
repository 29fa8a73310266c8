import { z } from 'zod';

/** Whether the customer gets the status news by e-mail (GET and PUT /api/comptes/notifications). */
export const notificationPreferencesSchema = z.object({
  suiviParEmail: z.boolean(),
  /** The text messages of a mission's tracking (pickup, arrival in about 30 minutes, delivery). */
  suiviParSms: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT: `suiviParSms` left out keeps what it was (a client older than the SMS switch). */
export const notificationPreferencesBodySchema = notificationPreferencesSchema.extend({ suiviParSms: z.boolean().optional() });
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBodySchema>;
