/**
 * The one bridge contract between the renderer and the main side (Electron main or the browser host).
 *
 * Three kinds of message cross it, each described here by zod schemas:
 * - commands (renderer → main, answered): BRIDGE_COMMANDS, e.g. `connection.test`, `op.retry`;
 * - events (main → renderer, no answer): BRIDGE_EVENTS, e.g. `sync.status`;
 * - store requests (main → renderer, answered): the sync engine's store port (src/db/storePort.ts), served by
 *   the renderer's Dexie database, because that database is the one durable store (docs/architecture.md, "Bridge").
 *
 * Both ends validate every message, because the renderer is untrusted and the main side must never act on a
 * malformed request. Pure TypeScript: imports only zod and src/db's port schemas.
 */
import { z } from 'zod';
import { PAGE_NUMBER_MAX, pageOf } from '../api/primitives';
import { LoyaltyHistoryEntrySchema } from '../api/resources';
import { OpRecordSchema } from '../db/ops';
import { STORE_PORT, type StorePortMethod } from '../db/storePort';
import { UpdateChannelSchema, UpdateInstallAnswerSchema, UpdateStatusSchema } from './updateStatus';
import { PrintAnswerSchema, PrintJobSchema, PrintSettingsSchema, PrintStatusSchema } from './printing';

export const AppInfoSchema = z.strictObject({
  name: z.string(),
  version: z.string(),
  /** Which host runs the main-side code: the Electron shell or the Node browser host. */
  host: z.enum(['electron', 'browser']),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const DemoDatasetSchema = z.enum(['small', 'large']);
export type DemoDataset = z.infer<typeof DemoDatasetSchema>;

/** What the renderer may know about the connection: never the key. */
export const ConnectionStateSchema = z.strictObject({
  status: z.enum(['none', 'configured', 'demo']),
  baseUrl: z.string().optional(),
  /** Without a connection: a base URL to pre-fill the connect form with (the browser host's --api-url). */
  suggestedBaseUrl: z.string().optional(),
  demoDataset: DemoDatasetSchema.optional(),
  /**
   * The Dexie database for this connection (one per API, so two back offices never mix); null without a
   * connection. Derived from the base URL (and "demo"), never from the key.
   */
  storeName: z.string().nullable(),
  /** false: secure storage is unavailable and the key is kept for this session only. */
  persistent: z.boolean(),
  /** Shown to the user when `persistent` is false, e.g. "Secure storage is unavailable (basic_text)…". */
  storageWarning: z.string().optional(),
});
export type ConnectionState = z.infer<typeof ConnectionStateSchema>;

/** A base URL and key typed by the user. The URL rule is checked by the handler so it can say which failure. */
export const ConnectionInputSchema = z.strictObject({
  baseUrl: z.string().trim().min(1, 'Enter the API base URL').max(2048),
  apiKey: z.string().trim().min(1, 'Enter the API key').max(512),
});
export type ConnectionInput = z.infer<typeof ConnectionInputSchema>;

/** The exact reason a connection test failed, so the form can say what to fix. */
export const CONNECTION_FAILURES = [
  'malformed_url', // not an http(s) URL ending in /v2.1
  'unreachable', // DNS, refused, reset, timeout, TLS
  'unauthorized', // 401: the key is wrong
  'forbidden', // 403: the key is valid but may not use purchase orders
  'not_an_api', // an HTTP answer that is not the v2.1 API (404, HTML, 5xx…)
] as const;
export const ConnectionFailureSchema = z.enum(CONNECTION_FAILURES);
export type ConnectionFailure = z.infer<typeof ConnectionFailureSchema>;

export const ConnectionTestResultSchema = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), message: z.string() }),
  z.strictObject({
    ok: z.literal(false),
    failure: ConnectionFailureSchema,
    message: z.string(),
    status: z.number().int().optional(),
  }),
]);
export type ConnectionTestResult = z.infer<typeof ConnectionTestResultSchema>;

/** electron/core/sync/types.ts PullStall: why the pull waits, and when it tries again. */
const PullStallSchema = z.strictObject({
  reason: z.enum(['store-slow', 'failed']),
  retryAt: z.string().optional(),
});

const PullProgressSchema = z.strictObject({
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  finished: z.boolean(),
  etaMs: z.number().nonnegative().optional(),
  tier: z.enum(['dock', 'background']).optional(),
  stalled: PullStallSchema.optional(),
});

/** The pull as a whole (electron/core/sync/types.ts PullSummary). */
const PullSummarySchema = z.strictObject({
  tier: z.enum(['dock', 'background', 'idle']),
  dockReady: z.boolean(),
  firstSync: z.boolean(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  etaMs: z.number().nonnegative().optional(),
  lastSyncAt: z.string().optional(),
  stalled: PullStallSchema.extend({ resources: z.array(z.string()) }).optional(),
});

/** The engine's status as streamed to the UI (electron/core/sync/types.ts SyncStatus). */
export const SyncStatusSchema = z.strictObject({
  running: z.boolean(),
  online: z.boolean(),
  authenticated: z.boolean(),
  pausedReason: z.string().optional(),
  counts: z.strictObject({
    pending: z.number().int(),
    sending: z.number().int(),
    failed: z.number().int(),
    blocked: z.number().int(),
    conflicted: z.number().int(),
    uncertain: z.number().int(),
  }),
  activity: z.enum(['idle', 'pushing', 'pulling', 'offline', 'paused', 'stopped']),
  lastPull: z.record(z.string(), z.string()),
  pullProgress: z.record(z.string(), PullProgressSchema),
  pull: PullSummarySchema,
  watchdog: z.strictObject({ stuck: z.boolean(), reason: z.string().optional() }),
  /** electron/core/sync/storeTrouble.ts StoreTroubleView: the engine cannot write this PC's data. */
  storeTrouble: z
    .strictObject({
      failures: z.number().int().nonnegative(),
      lastError: z.string().max(500),
      retryAt: z.string().optional(),
      stopped: z.string().max(1000).optional(),
    })
    .optional(),
});
export type SyncStatusView = z.infer<typeof SyncStatusSchema>;

const opId = z.string().min(1).max(100);
const empty = z.strictObject({});
/** The answer of a user action on an op: the op as it now is (null: it was not in a state the action takes). */
const OpChangeSchema = z.strictObject({ op: OpRecordSchema.nullable(), affected: z.array(z.string()) });

/** `sync.now`'s answer: whether anything can happen now, and if not why, in words for the user. */
export const SyncNowAnswerSchema = z.strictObject({
  started: z.boolean(),
  reason: z.string().max(500).optional(),
});
export type SyncNowAnswer = z.infer<typeof SyncNowAnswerSchema>;

export const BRIDGE_COMMANDS = {
  'app.info': { request: empty, response: AppInfoSchema },

  'connection.get': { request: empty, response: ConnectionStateSchema },
  /** Tries the URL and key without saving them: a token request, then a one-row purchase order search. */
  'connection.test': { request: ConnectionInputSchema, response: ConnectionTestResultSchema },
  /** Tests, then saves through the SecretBox and (re)starts sync; a failed test saves nothing. */
  'connection.set': {
    request: ConnectionInputSchema,
    response: z.discriminatedUnion('saved', [
      z.strictObject({ saved: z.literal(true), state: ConnectionStateSchema }),
      z.strictObject({ saved: z.literal(false), test: ConnectionTestResultSchema }),
    ]),
  },
  /** Forgets the key and stops sync. The renderer decides what to do with its database (it warns first). */
  'connection.clear': { request: empty, response: ConnectionStateSchema },
  /** Starts the in-process simulator on a free loopback port and connects to it with `demo-key`. */
  'demo.start': {
    request: z.strictObject({ dataset: DemoDatasetSchema.default('small') }),
    response: ConnectionStateSchema,
  },
  /**
   * The demo's "Simulate network down" switch: with `down`, sets it; without, reads it. Refused outside the
   * demo: a real connection's network is never simulated (electron/core/demoNetwork/networkSwitch.ts).
   */
  'demo.network': {
    request: z.strictObject({ down: z.boolean().optional() }),
    response: z.strictObject({ down: z.boolean() }),
  },

  /**
   * The renderer has opened the database named `storeName` and serves store requests from now on. Sync runs
   * only while a renderer serves the store; a newer renderer (another tab, a reload) takes over.
   */
  'store.attach': {
    request: z.strictObject({
      storeName: z.string().min(1).max(200),
      /** This PC's receiving outlet (settings.receiving): its open orders are pulled first on a first sync. */
      priorityOutletId: z.number().int().positive().nullable().optional(),
    }),
    response: empty,
  },

  'sync.status': { request: empty, response: SyncStatusSchema.nullable() },
  'sync.now': { request: empty, response: SyncNowAnswerSchema },

  'op.retry': { request: z.strictObject({ id: opId }), response: OpChangeSchema },
  /** Replaces the op's body (and params), clears its problem and requeues it. */
  'op.edit': {
    request: z.strictObject({
      id: opId,
      body: z.unknown(),
      params: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
    }),
    response: OpChangeSchema,
  },
  /** What a discard would take with it: the op, then every op that depends on it. */
  'op.discardPreview': {
    request: z.strictObject({ id: opId }),
    response: z.strictObject({ ops: z.array(OpRecordSchema) }),
  },
  'op.discard': {
    request: z.strictObject({ id: opId }),
    response: z.strictObject({ discarded: z.array(z.string()), refused: z.string().optional() }),
  },
  /** conflicted → queued with the user's value per conflicting field (field path → value). */
  'op.resolve': {
    request: z.strictObject({ id: opId, values: z.record(z.string(), z.unknown()) }),
    response: OpChangeSchema,
  },

  /**
   * One page of a customer's loyalty history, newest first, read from the API now (the engine does not pull
   * it: it is read when someone looks). The renderer keeps what it read (src/db/customers/loyaltyHistory.ts).
   */
  'customer.loyaltyHistory': {
    request: z.strictObject({
      customerId: z.number().int().positive(),
      page: z.number().int().min(1).max(PAGE_NUMBER_MAX),
    }),
    response: pageOf(LoyaltyHistoryEntrySchema),
  },

  /** Where app updates are (./updateStatus.ts); `supported: false` where there is no updater. */
  'update.status': { request: empty, response: UpdateStatusSchema },
  /** Checks the feed now (a download follows in the background when there is a newer version). */
  'update.check': { request: empty, response: UpdateStatusSchema },
  /** Remembered on this PC; the next check reads that channel's feed. */
  'update.setChannel': {
    request: z.strictObject({ channel: UpdateChannelSchema }),
    response: UpdateStatusSchema,
  },
  /** "Restart to update": waits for the requests in flight, then restarts into the downloaded version. */
  'update.install': { request: empty, response: UpdateInstallAnswerSchema },

  /** This computer's printers and Settings → Printing's choices (./printing.ts); the browser host has none. */
  'print.status': { request: empty, response: PrintStatusSchema },
  'print.setSettings': { request: PrintSettingsSchema, response: PrintStatusSchema },
  /** Prints the sender's window as it shows now, to the printer set for its kind (silent where set). */
  'print.run': { request: PrintJobSchema, response: PrintAnswerSchema },
} as const;

export type BridgeCommand = keyof typeof BRIDGE_COMMANDS;
export type BridgeRequest<C extends BridgeCommand> = z.input<(typeof BRIDGE_COMMANDS)[C]['request']>;
export type BridgeParsedRequest<C extends BridgeCommand> = z.output<(typeof BRIDGE_COMMANDS)[C]['request']>;
export type BridgeResponse<C extends BridgeCommand> = z.infer<(typeof BRIDGE_COMMANDS)[C]['response']>;

/** Main → renderer notifications. */
export const BRIDGE_EVENTS = {
  'sync.status': SyncStatusSchema,
  'connection.changed': ConnectionStateSchema,
  /** Ops changed by a user action or the engine (the renderer's liveQuery sees the rows; this is for toasts). */
  'ops.changed': z.strictObject({ ids: z.array(z.string()) }),
  /** This renderer no longer serves the store: another window or tab took over. */
  'store.detached': z.strictObject({ reason: z.string() }),
  /** The updater moved (checking, progress, ready, an error) or the settings changed. */
  'update.status': UpdateStatusSchema,
} as const;
export type BridgeEventName = keyof typeof BRIDGE_EVENTS;
export type BridgeEventPayload<E extends BridgeEventName> = z.infer<(typeof BRIDGE_EVENTS)[E]>;
export type BridgeEvent = {
  [E in BridgeEventName]: { event: E; payload: BridgeEventPayload<E> };
}[BridgeEventName];

export const BridgeEventEnvelopeSchema = z.strictObject({
  event: z.string().min(1).max(100),
  payload: z.unknown(),
});

/** Parses an event envelope against its schema; null for an unknown or malformed event (dropped, logged). */
export function parseBridgeEvent(envelope: unknown): BridgeEvent | null {
  const parsed = BridgeEventEnvelopeSchema.safeParse(envelope);
  if (!parsed.success || !Object.hasOwn(BRIDGE_EVENTS, parsed.data.event)) return null;
  const name = parsed.data.event as BridgeEventName;
  const payload = BRIDGE_EVENTS[name].safeParse(parsed.data.payload);
  return payload.success ? ({ event: name, payload: payload.data } as BridgeEvent) : null;
}

/** Errors cross the bridge as data, never as thrown exceptions (Signal-Desktop style). */
export const BridgeErrorSchema = z.strictObject({
  code: z.enum(['bad_request', 'unknown_command', 'not_connected', 'failed']),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type BridgeError = z.infer<typeof BridgeErrorSchema>;

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/** A main-side failure with a bridge error code (e.g. `not_connected`); anything else becomes `failed`. */
export class BridgeFailure extends Error {
  constructor(
    readonly code: BridgeError['code'],
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'BridgeFailure';
  }
}

export const BridgeEnvelopeSchema = z.strictObject({
  command: z.string().min(1).max(100),
  payload: z.unknown(),
});

export function isBridgeCommand(name: string): name is BridgeCommand {
  return Object.hasOwn(BRIDGE_COMMANDS, name);
}

// Store requests (main → renderer).

export const StoreRequestSchema = z.strictObject({
  id: z.number().int().nonnegative(),
  method: z.string().min(1).max(100),
  request: z.unknown(),
});
export type StoreRequest = z.infer<typeof StoreRequestSchema>;

export const StoreReplySchema = z.strictObject({
  id: z.number().int().nonnegative(),
  result: z.discriminatedUnion('ok', [
    z.strictObject({ ok: z.literal(true), value: z.unknown() }),
    z.strictObject({ ok: z.literal(false), error: z.strictObject({ message: z.string() }) }),
  ]),
});
export type StoreReply = z.infer<typeof StoreReplySchema>;

export function isStorePortMethod(name: string): name is StorePortMethod {
  return Object.hasOwn(STORE_PORT, name);
}

/** IPC channels of the Electron host; the browser host carries the same messages over its WebSocket. */
export const BRIDGE_CHANNEL = 'dockhand:bridge';
export const EVENT_CHANNEL = 'dockhand:event';
export const STORE_REQUEST_CHANNEL = 'dockhand:store-request';
export const STORE_REPLY_CHANNEL = 'dockhand:store-reply';

/** Frames of the browser host's WebSocket: the same three message kinds, tagged. */
export const WireFromRendererSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('invoke'), id: z.number().int().nonnegative(), envelope: z.unknown() }),
  z.strictObject({ type: z.literal('store.reply'), reply: z.unknown() }),
]);
export type WireFromRenderer = z.infer<typeof WireFromRendererSchema>;
export const WireToRendererSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('result'), id: z.number().int().nonnegative(), result: z.unknown() }),
  z.strictObject({ type: z.literal('event'), envelope: z.unknown() }),
  z.strictObject({ type: z.literal('store.request'), request: z.unknown() }),
]);
export type WireToRenderer = z.infer<typeof WireToRendererSchema>;
/** The browser host's WebSocket path; the per-run token travels as `?token=`. */
export const WEB_BRIDGE_PATH = '/bridge';

/**
 * What the preload (or the WebSocket client) gives the renderer: the bridge and nothing else. The same
 * interface in both hosts, so nothing else in the renderer knows which host it is in.
 */
export interface DockhandBridge {
  invoke<C extends BridgeCommand>(
    command: C,
    payload: BridgeRequest<C>,
  ): Promise<BridgeResult<BridgeResponse<C>>>;
  /** Every valid event from main; returns an unsubscribe function. */
  onEvent(listener: (event: BridgeEvent) => void): () => void;
  /**
   * Serves main's store requests with `handler` (the renderer's Dexie store port). One server at a time;
   * returns a function that stops serving.
   */
  serveStore(handler: (request: StoreRequest) => Promise<StoreReply>): () => void;
}
