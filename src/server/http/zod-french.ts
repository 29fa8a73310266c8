import { z } from 'zod';

/**
 * Zod's own messages in French: a request that breaks a rule naming no message of ours (a
 * wrong type, an unknown key, a malformed id) gets its `details` in the language of the rest
 * of the answer, and of the forms that show them. Imported first by the app. The configuration's
 * errors, read by whoever deploys, stay in English (config.ts passes its own map).
 */
z.config(z.locales.fr());
