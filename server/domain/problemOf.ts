/** Test support for the domain handlers (imported only by their testing.ts files and tests). */
import { ApiError } from '../errors';

/** The ApiError a call throws (fails the test when it does not throw one). */
export function problemOf(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('Expected the call to throw an ApiError');
}
