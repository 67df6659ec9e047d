/**
 * The endpoint table: every operation of the API (./seedOperations.ts lists them), one row each. The API
 * client, the simulator, the OpenAPI document and the coverage test are all generated from this table.
 */
import { customerEndpoints } from './customers';
import type { EndpointSpec } from './define';
import { outletEndpoints } from './outlets';
import { purchasingEndpoints } from './purchasing';
import { supplierEndpoints } from './suppliers';

export const ENDPOINTS = {
  ...customerEndpoints,
  ...supplierEndpoints,
  ...purchasingEndpoints,
  ...outletEndpoints,
};

export type Endpoints = typeof ENDPOINTS;
export type OperationId = keyof Endpoints;

export interface EndpointEntry extends EndpointSpec {
  readonly id: OperationId;
}

export const ENDPOINT_LIST: readonly EndpointEntry[] = Object.entries(ENDPOINTS).map(([id, spec]) => ({
  ...(spec as EndpointSpec),
  id: id as OperationId,
}));

/** The full path of an operation from the host root, e.g. `/v2/shippingports/{id}`. */
export function fullPath(spec: Pick<EndpointSpec, 'base' | 'path'>): string {
  return `/${spec.base}${spec.path}`;
}

export { fillPath, type ApiBase, type EndpointSpec, type HttpMethod } from './define';
export { selectionPageSchema, selectionRowSchema } from './selection';
