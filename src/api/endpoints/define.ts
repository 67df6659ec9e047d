/**
 * The shape of one row of the endpoint table, and the query-parameter building blocks every search
 * operation shares (paging, since-filters, the filter/order/select grammar).
 */
import { z } from 'zod';
import { PAGE_NUMBER_MAX, PAGE_SIZE_MAX, dateTime, int32, pageOf } from '../primitives';
import { parseFilter, parseOrder, parseSelect, type SearchOperationId } from '../query';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Shipping ports and shipment types are published under `/v2`, everything else under `/v2.1`. */
export type ApiBase = 'v2.1' | 'v2';

export interface EndpointSpec {
  readonly method: HttpMethod;
  readonly base: ApiBase;
  /** Relative to the base, with `{param}` placeholders exactly as the API writes them. */
  readonly path: string;
  /** The resource group, used for OpenAPI tags and the UI. */
  readonly tag: string;
  readonly summary: string;
  /** The token endpoint takes only the API key; everything else also needs the bearer token. */
  readonly auth: 'apiKey' | 'bearer';
  readonly params: z.ZodObject;
  readonly query: z.ZodObject | null;
  readonly body: z.ZodType | null;
  /** null: the success response has no body (204). */
  readonly response: z.ZodType | null;
  readonly status: 200 | 201 | 204;
  /** The grammar's field tables for this operation's filter_by / order_by / select. */
  readonly search?: SearchOperationId;
}

interface OperationOptions {
  readonly summary: string;
  readonly response: z.ZodType | null;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly auth?: 'apiKey';
  readonly search?: SearchOperationId;
}

/** The row a builder call produces, with the exact schema types kept for the typed client. */
export type Operation<M extends HttpMethod, P extends string, O extends OperationOptions> = EndpointSpec & {
  readonly method: M;
  readonly path: P;
  readonly params: O extends { params: infer X extends z.ZodObject } ? X : z.ZodObject;
  readonly query: O extends { query: infer X extends z.ZodObject } ? X : null;
  readonly body: O extends { body: infer X extends z.ZodType } ? X : null;
  readonly response: O['response'];
};

/**
 * Status codes: 201 for creation, 204 for deletion, 200 otherwise. The API says a create answers with the new
 * record and a delete with no body, but gives the numbers for reads only; these are ours (server/README.md,
 * HTTP).
 */
const SUCCESS_STATUS = { GET: 200, PUT: 200, POST: 201, DELETE: 204 } as const;

/** A path parameter named `…code` is a supplier code string; every other one is an int32 id. */
function paramsFromPath(path: string): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
    shape[name!] = name!.endsWith('code') ? z.string().min(1).max(20) : int32();
  }
  return z.strictObject(shape);
}

/**
 * A builder for one resource group's rows. Defaults carry the API's conventions (bearer auth, status by
 * method, params from the path), so each row states only what is particular to it. Its `search` and
 * `records` write the two shapes most rows share.
 */
export function operations(tag: string, base: ApiBase = 'v2.1') {
  const row = <const M extends HttpMethod, const P extends string, const O extends OperationOptions>(
    method: M,
    path: P,
    options: O,
  ): Operation<M, P, O> =>
    ({
      method,
      base,
      path,
      tag,
      summary: options.summary,
      auth: options.auth ?? 'bearer',
      params: options.params ?? paramsFromPath(path),
      query: options.query ?? null,
      body: options.body ?? null,
      response: options.response,
      status: SUCCESS_STATUS[method],
      ...(options.search ? { search: options.search } : {}),
    }) as Operation<M, P, O>;

  /**
   * A search: GET `path` answering one page of `record`s. Its query is `query`, then the grammar parameters
   * it takes, checked against the field tables of `id` (the row's own operation id), then paging.
   */
  const search = <
    const P extends string,
    const Id extends SearchOperationId,
    const G extends GrammarName,
    R extends z.ZodType,
    const Q extends z.ZodRawShape = Record<never, never>,
  >(
    path: P,
    id: Id,
    options: { summary: string; record: R; grammar: readonly G[]; query?: Q },
  ) =>
    row('GET', path, {
      summary: options.summary,
      query: z.strictObject({
        ...options.query,
        ...grammarParams(id, options.grammar),
        ...paging,
      }) as z.ZodObject<Q & Record<G, GrammarParam> & typeof paging, z.core.$strict>,
      response: pageOf(options.record),
      search: id,
    });

  /**
   * The read, create, update and delete rows of one record type: created at `collection`, read, updated and
   * deleted at `collection/{key}`, answering the record. Summaries default to "Read a shipping port" and so on
   * from `noun`; a row the API words otherwise passes its own.
   */
  const records = <const C extends string, R extends z.ZodType, const K extends string = 'id'>(
    collection: C,
    noun: string,
    record: R,
    key: K = 'id' as K,
  ) => {
    const one = `${collection}/{${key}}` as `${C}/{${K}}`;
    return {
      read: (summary = `Read ${noun}`) => row('GET', one, { summary, response: record }),
      create: <B extends z.ZodType>(body: B, summary = `Create ${noun}`) =>
        row('POST', collection, { summary, body, response: record }),
      update: <B extends z.ZodType>(body: B, summary = `Update ${noun}`) =>
        row('PUT', one, { summary, body, response: record }),
      remove: (summary = `Delete ${noun}`) => row('DELETE', one, { summary, response: null }),
    };
  };

  return Object.assign(row, { search, records });
}

export const paging = {
  page_number: z.int().min(1).max(PAGE_NUMBER_MAX).optional(),
  page_size: z.int().min(1).max(PAGE_SIZE_MAX).optional(),
};

export const since = {
  created_since: dateTime().optional(),
  modified_since: dateTime().optional(),
};

/** A comma-separated list of ids, e.g. `12,13,20`. */
export const idList = () =>
  z
    .string()
    .regex(/^\d+(,\d+)*$/, 'Expected comma-separated ids, e.g. 12,13,20')
    .optional();

type GrammarParser = (
  op: SearchOperationId,
  text: string,
) => { ok: true } | { ok: false; error: { message: string } };

/** A grammar parameter, checked inside the query schema so a bad clause is a field-level error on it. */
const grammarParam = (parse: GrammarParser) => (op: SearchOperationId) =>
  z
    .string()
    .superRefine((text, ctx) => {
      const result = parse(op, text);
      if (!result.ok) ctx.addIssue({ code: 'custom', message: result.error.message });
    })
    .optional();

export const filterBy = grammarParam(parseFilter);
export const orderBy = grammarParam(parseOrder);
export const select = grammarParam(parseSelect);

type GrammarName = 'filter_by' | 'order_by' | 'select';
type GrammarParam = ReturnType<typeof filterBy>;
const GRAMMAR = { filter_by: filterBy, order_by: orderBy, select } as const;

/** The named grammar parameters of search `id`, in the order given. */
function grammarParams(id: SearchOperationId, names: readonly GrammarName[]): Record<string, GrammarParam> {
  return Object.fromEntries(names.map((name) => [name, GRAMMAR[name](id)]));
}

/** Fills `{param}` placeholders, percent-encoding each value. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
