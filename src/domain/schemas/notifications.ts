import { z } from 'zod';

/** Whether the customer gets the status news by e-mail (GET and PUT /api/comptes/notifications). */
export const notificationPreferencesSchema = z.object({ suiviParEmail: z.boolean() });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
