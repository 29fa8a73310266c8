import { z } from 'zod';

/** The second factor of the signed-in account, as /api/comptes/double-authentification answers. */
export const twoFactorStatusSchema = z.object({ active: z.boolean(), requise: z.boolean() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
/** The secret to set up, as a key and a QR code. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
export const backupCodesSchema = z.object({ codesSecours: z.array(z.string()) });
export type BackupCodes = z.infer<typeof backupCodesSchema>;
