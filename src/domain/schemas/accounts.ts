import { z } from 'zod';

export const viewerSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['customer', 'admin']),
  emailVerified: z.boolean(),
});
export type ViewerDto = z.infer<typeof viewerSchema>;

export const viewerResponseSchema = z.object({ user: viewerSchema.nullable() });
