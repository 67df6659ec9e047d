/**
 * Both ends of one operation as the contract sees them: the request is checked and built before anything is
 * sent (a request the contract refuses never reaches the network), and the response is checked against the
 * endpoint's schema before the caller sees it.
 */
import type { z } from 'zod';
import { ENDPOINTS, fillPath, selectionPageSchema, type OperationId } from '../../../src/api/endpoints';
import type { EndpointSpec } from '../../../src/api/endpoints';
import { fieldErrors, type FieldErrors } from '../../../src/api/fieldErrors';
import { encodeParams } from '../../../src/api/params';
import { parseSelect } from '../../../src/api/query';
import { ApiCallError, ContractError } from './errors';

export interface PreparedRequest {
  operation: OperationId;
  spec: EndpointSpec;
  /** The full URL, query included. */
  url: string;
  /** The filled path from the host root without the query: what logs and errors may show. */
  logPath: string;
  /** The validated body as the caller gave it (the server parses it with the same schema). */
  body?: unknown;
  /** null: a 204 operation, the body (if any) is ignored. */
  responseSchema: z.ZodType | null;
}

interface RawInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** Adds every issue of a failed parse to `errors`, under the field's own name (as the server's 400 does). */
function collect<T>(result: z.ZodSafeParseResult<T>, errors: FieldErrors): T | undefined {
  if (result.success) return result.data;
  for (const [field, messages] of Object.entries(fieldErrors(result.error)))
    (errors[field] ??= []).push(...messages);
  return undefined;
}

function invalidRequest(operation: OperationId, errors: FieldErrors): ApiCallError {
  const fields = Object.keys(errors);
  return new ApiCallError(
    'permanent',
    `${operation}: the request does not match the contract and was not sent (${fields.join(', ')})`,
    {
      delivery: 'no',
      problem: {
        type: 'about:blank',
        title: 'Invalid request',
        status: null,
        detail: 'Checked against the v2.1 contract before sending',
        errors,
      },
      operation,
    },
  );
}

/** Builds the request or throws ApiCallError('permanent', delivery 'no') with a field error map. */
export function prepareRequest(
  operation: OperationId,
  input: RawInput,
  roots: Record<EndpointSpec['base'], string>,
): PreparedRequest {
  const spec: EndpointSpec = ENDPOINTS[operation];
  const errors = Object.create(null) as FieldErrors;
  const params = collect(spec.params.safeParse(input.params ?? {}), errors) as
    Record<string, string | number> | undefined;
  let query: Record<string, unknown> | undefined = {};
  if (spec.query) query = collect(spec.query.safeParse(input.query ?? {}), errors);
  else if (input.query !== undefined && Object.keys(input.query as object).length > 0)
    errors['query'] = [`${operation} takes no query parameters`];
  if (spec.body) collect(spec.body.safeParse(input.body), errors);
  else if (input.body !== undefined) errors['$'] = [`${operation} takes no body`];
  if (Object.keys(errors).length > 0 || !params || !query) throw invalidRequest(operation, errors);

  const path = fillPath(spec.path, params);
  const search = new URLSearchParams(encodeParams(query)).toString();
  return {
    operation,
    spec,
    url: `${roots[spec.base]}${path}${search ? `?${search}` : ''}`,
    logPath: `${new URL(roots[spec.base]).pathname}${path}`,
    ...(spec.body ? { body: input.body } : {}),
    responseSchema: responseSchemaOf(spec, query),
  };
}

/** With `select`, rows are exactly the selected names (selection.ts); otherwise the endpoint's response. */
function responseSchemaOf(spec: EndpointSpec, query: Record<string, unknown>): z.ZodType | null {
  const select = query['select'];
  if (spec.search && typeof select === 'string' && select !== '') {
    const selected = parseSelect(spec.search, select);
    if (selected.ok) return selectionPageSchema(spec.search, selected.value);
  }
  return spec.response;
}

/** The parsed 2xx body, or ContractError naming the fields that do not match (never their values). */
export function parseResponse(prepared: PreparedRequest, text: string, requestId: string): unknown {
  if (!prepared.responseSchema) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ContractError(prepared.operation, { $: ['The response body is not JSON'] }, requestId);
  }
  const result = prepared.responseSchema.safeParse(json);
  if (!result.success) throw new ContractError(prepared.operation, fieldErrors(result.error), requestId);
  return result.data;
}
