/** The problem body of every error response. */
import { z } from 'zod';
import { int32 } from '../primitives';

/**
 * Unlike every other response, additional properties are allowed (the API says so), hence looseObject.
 *
 * Its five members are nullable AND may be absent: this is the one body we must never fail to read, since a
 * failed op is shown to the user with it, and RFC 9457 makes every member optional (gateways and proxies answer
 * 429/502 with partial bodies). `errors` is our field-level extension, keyed like `fieldErrors()` output.
 */
export const ProblemSchema = z.looseObject({
  type: z.string().nullish(),
  title: z.string().nullish(),
  status: int32().nullish(),
  detail: z.string().nullish(),
  instance: z.string().nullish(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export type Problem = z.infer<typeof ProblemSchema>;
