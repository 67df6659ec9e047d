/** The API client's public surface for the sync engine and the main process. */
export { createApiClient, type DockhandApiClient, type Operations } from './client';
export {
  ApiCallError,
  CallAbortedError,
  ContractError,
  CREDENTIALS_REJECTED,
  type ApiErrorKind,
  type Delivery,
} from './errors';
export type { ApiLogEntry, ApiLogger, ClientOptions } from './options';
export { createTokenManager, type TokenManager, type TokenManagerOptions } from './tokens';
export type { ApiClient, CallInput, CallOptions, CallOutput } from './types';
