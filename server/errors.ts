/**
 * Errors a handler throws to answer with a problem body (src/api/resources/problem.ts). Anything else that
 * escapes a handler is a simulator bug and is answered 500 — the fuzz test exists to make sure that never
 * happens.
 */
export type FieldErrorMap = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: FieldErrorMap,
  ) {
    super(detail ?? title);
    this.name = 'ApiError';
  }
}

export const notFound = (what: string, id: number | string) =>
  new ApiError(404, 'Not Found', `No ${what} with id ${String(id)}`);

/** A domain rule broken by valid-looking input: 400 with the field named, as bounds violations are. */
export const invalid = (field: string, message: string) =>
  new ApiError(400, 'Bad Request', message, { [field]: [message] });

/** The request conflicts with the record's current state (e.g. updating a finalised invoice). */
export const conflict = (detail: string) => new ApiError(409, 'Conflict', detail);
