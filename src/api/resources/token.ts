/** GET /auth/token. The seed does not show the shape; design.md's simulator rules fix it. */
import { z } from 'zod';
import { dateTime } from '../primitives';

export const AuthTokenSchema = z.strictObject({
  token_type: z.literal('Bearer'),
  access_token: z.string().min(1),
  // Absolute expiry (the simulator issues 60-minute tokens), so the client needs no clock arithmetic on receipt.
  expires_on: dateTime(),
});

export type AuthToken = z.infer<typeof AuthTokenSchema>;
