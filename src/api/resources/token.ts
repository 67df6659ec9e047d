/**
 * GET /auth/token. The API does not show the shape; ours is the simulator's (server/README.md, "Auth and rate
 * limit"): a Bearer token with an absolute expiry.
 */
import { z } from 'zod';
import { dateTime } from '../primitives';

export const AuthTokenSchema = z.strictObject({
  token_type: z.literal('Bearer'),
  access_token: z.string().min(1),
  // Absolute expiry (the simulator issues 60-minute tokens), so the client needs no clock arithmetic on receipt.
  expires_on: dateTime(),
});

export type AuthToken = z.infer<typeof AuthTokenSchema>;
