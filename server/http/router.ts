/**
 * Routes a request path to a row of the endpoint table. Paths are matched segment by segment on their
 * percent-decoded form, so `{param}` values can hold any character (a supplier code with a `/` arrives as one
 * `%2F`-encoded segment). Nothing is normalised: no `..` resolution, no trailing-slash tolerance, no case
 * folding, so one resource has exactly one address.
 */
import { ENDPOINT_LIST, fullPath, type EndpointEntry, type HttpMethod } from '../../src/api/endpoints';

type Segment = { literal: string } | { param: string };

interface Route {
  readonly endpoint: EndpointEntry;
  readonly segments: readonly Segment[];
}

export type RouteMatch =
  | { kind: 'found'; endpoint: EndpointEntry; params: Record<string, string> }
  /** The path exists but not with this method: 405 with `Allow`. */
  | { kind: 'method'; allow: HttpMethod[] }
  | { kind: 'none' };

function compile(endpoint: EndpointEntry): Route {
  const segments = fullPath(endpoint)
    .split('/')
    .slice(1)
    .map((part): Segment => {
      const param = /^\{(\w+)\}$/.exec(part);
      return param ? { param: param[1]! } : { literal: part };
    });
  return { endpoint, segments };
}

function matchSegments(route: Route, parts: readonly string[]): Record<string, string> | null {
  if (route.segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const segment = route.segments[i]!;
    const part = parts[i]!;
    if ('literal' in segment) {
      if (segment.literal !== part) return null;
    } else {
      if (part === '') return null; // `/customers//loyaltyhistory` names no customer
      params[segment.param] = part;
    }
  }
  return params;
}

export class Router {
  private readonly routes: readonly Route[];

  constructor(endpoints: readonly EndpointEntry[] = ENDPOINT_LIST) {
    this.routes = endpoints.map(compile);
  }

  /** `parts` are the decoded path segments after the leading `/`. */
  match(method: string, parts: readonly string[]): RouteMatch {
    const allow: HttpMethod[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route, parts);
      if (!params) continue;
      if (route.endpoint.method === method) return { kind: 'found', endpoint: route.endpoint, params };
      allow.push(route.endpoint.method);
    }
    return allow.length > 0 ? { kind: 'method', allow } : { kind: 'none' };
  }
}
