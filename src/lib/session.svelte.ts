/**
 * The renderer's session with the host: which connection is set up, which Dexie database is open and served
 * to the sync engine as its store, the engine's status, and the user's actions on the bridge. Screens read
 * its state and call its methods, so they stay thin and never talk to the bridge themselves.
 *
 * Lifecycle (App.svelte): no bridge → 'no-bridge'. Otherwise `connection.get`: status `none` → 'connect'
 * (first run). Else open `new DockhandDb(storeName)`, serve the store over the bridge, `store.attach`, and
 * → 'ready'. `connection.changed` re-runs that choice, so a new connection opens its own database and a
 * cleared one returns to 'connect'. Changes of connection are applied one at a time, in order.
 *
 * The API key passes through `connect`/`test` straight into the bridge invoke: it is never kept here.
 */
import Dexie from 'dexie';
import type {
  AppInfo,
  BridgeCommand,
  BridgeEvent,
  BridgeRequest,
  BridgeResponse,
  BridgeResult,
  ConnectionInput,
  ConnectionState,
  DemoDataset,
  DockhandBridge,
  SyncStatusView,
} from '../bridge/contract';
import { storeRequestHandler } from '../bridge/storeLink';
import type { HostLink } from './bridge/webSocketBridge';
import { hostLinkText } from './bridge/hostLinkWords';
import { watchOutbox } from './outboxWatch';
import { keepUnchanged } from './sameData';
import { createDexieStore } from '../db/dexieStore';
import { startPullWorker } from './pullWorker';
import type { OpRecord } from '../db/ops';
import { readReceivingSettings } from '../db/receiving/settings';
import { DockhandDb } from '../db/schema';
import { Toasts } from './toasts.svelte';
import { AppUpdates } from './updates.svelte';

export type SessionPhase = 'no-bridge' | 'starting' | 'connect' | 'opening' | 'ready' | 'error';

export const NO_BRIDGE_MESSAGE = 'No host bridge: open Dockhand through the desktop app or the browser host.';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class Session {
  phase = $state<SessionPhase>('starting');
  connection = $state.raw<ConnectionState | null>(null);
  /** The open database of the current connection; null before 'ready'. */
  db = $state.raw<DockhandDb | null>(null);
  /**
   * The engine's status; null while it is not known (starting, or the host connection is lost). Replaced
   * only when it says something new, and then keeping every part that did not change (./sameData.ts
   * `keepUnchanged`): the same status twice re-runs nothing, and a progress tick changes `pull` and the
   * one resource's progress, so a screen deriving another part is not redrawn (issue #24).
   */
  get syncStatus(): SyncStatusView | null {
    return this.#syncStatus;
  }
  set syncStatus(next: SyncStatusView | null) {
    const prev = this.#syncStatus;
    const kept = prev === null || next === null ? next : keepUnchanged(prev, next);
    if (kept !== prev) this.#syncStatus = kept;
  }
  #syncStatus = $state.raw<SyncStatusView | null>(null);
  /** The last start failed while the host link was down (it starts again when the link is back). */
  #failedOnLink = false;
  /** The link to the host (the browser host's socket; the Electron preload's is always open). */
  hostLink = $state.raw<HostLink>({ state: 'open' });
  /** What to tell the clerk about the host link, or null while it is fine. */
  get hostLinkText(): string | null {
    return hostLinkText(this.hostLink);
  }
  /** true while this window serves the store (sync runs through it). */
  attached = $state(false);
  /** Why this window stopped serving the store (another window or tab took over). */
  detachedReason = $state<string | null>(null);
  /** Why `store.attach` failed: sync cannot run from this window until it succeeds. */
  attachError = $state<string | null>(null);
  /** What went wrong reading the connection or opening the database ('error'). */
  error = $state<string | null>(null);
  appInfo = $state.raw<AppInfo | null>(null);
  readonly toasts = new Toasts();
  /** App updates (the status bar's "Restart to update", Settings' update section). */
  readonly updates: AppUpdates;

  readonly #bridge: DockhandBridge | null;
  #stopServing: (() => void) | null = null;
  #unsubscribe: (() => void) | null = null;
  #applying: Promise<void> = Promise.resolve();
  #stopWatching: (() => void) | null = null;

  constructor(bridge: DockhandBridge | null) {
    this.#bridge = bridge;
    this.updates = new AppUpdates(bridge);
    if (!bridge) this.phase = 'no-bridge';
  }

  get hasBridge(): boolean {
    return this.#bridge !== null;
  }

  /** Subscribes to the host's events and reads the connection; returns the cleanup. */
  start(): () => void {
    const bridge = this.#bridge;
    if (!bridge) return () => {};
    const unsubscribeEvents = bridge.onEvent((event) => this.#onEvent(event));
    const stopUpdates = this.updates.start();
    const stopLink = linkOf(bridge)?.((link) => this.#onLink(link)) ?? (() => {});
    this.#unsubscribe = () => {
      unsubscribeEvents();
      stopUpdates();
      stopLink();
    };
    void this.reload();
    void this.#invoke('app.info', {}).then((result) => {
      if (result.ok) this.appInfo = result.value;
    });
    return () => this.dispose();
  }

  dispose(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#closeDb();
    this.toasts.clear();
  }

  /** Reads the connection again: the first start, or "Try again" after an error. */
  async reload(): Promise<void> {
    this.phase = 'starting';
    this.error = null;
    const result = await this.#invoke('connection.get', {});
    if (!result.ok) {
      this.phase = 'error';
      // The link's own words when it is down: they say what to do (a restarted host needs its new address).
      this.error = this.hostLinkText ?? result.error.message;
      this.#failedOnLink = this.hostLink.state !== 'open';
      return;
    }
    await this.#apply(result.value);
  }

  // Connection (the ConnectScreen and Settings).

  test(input: ConnectionInput) {
    return this.#invoke('connection.test', input);
  }

  /** Tests and saves the connection; on success opens its database. */
  async connect(input: ConnectionInput) {
    const result = await this.#invoke('connection.set', input);
    if (result.ok && result.value.saved) await this.#apply(result.value.state);
    return result;
  }

  async startDemo(dataset: DemoDataset) {
    const result = await this.#invoke('demo.start', { dataset });
    if (result.ok) await this.#apply(result.value);
    return result;
  }

  /**
   * Forgets the key, stops sync, closes this connection's database and deletes it, with every unsynced
   * edit in it: callers confirm with the user first (Settings shows how many edits would be lost).
   */
  async clear() {
    const storeName = this.connection?.storeName ?? null;
    const result = await this.#invoke('connection.clear', {});
    if (!result.ok) return result;
    await this.#apply(result.value);
    if (storeName) {
      try {
        await Dexie.delete(storeName);
      } catch (error) {
        // The connection is gone either way; say that its data stayed behind rather than hide it.
        this.toasts.push(
          `Disconnected, but the local data could not be deleted: ${message(error)}`,
          'warning',
        );
      }
    }
    return result;
  }

  /**
   * The demo's "Simulate network down" switch: reads it, or sets it with `down`. Main refuses it outside the
   * demo (electron/core/demoNetwork/networkSwitch.ts).
   */
  demoNetwork = (down?: boolean) => this.#invoke('demo.network', down === undefined ? {} : { down });

  /** Takes the store back from another window or tab ("Use here"). */
  async useHere() {
    const storeName = this.db?.name;
    if (!storeName) return;
    await this.#attach(storeName);
  }

  // Sync and the user's actions on ops (status bar, sync centre).

  /** While the host link is down, says why at once rather than waiting for the link to fail the request. */
  syncNow = (): Promise<BridgeResult<BridgeResponse<'sync.now'>>> => {
    const down = this.hostLinkText;
    if (down) return Promise.resolve({ ok: false, error: { code: 'failed', message: down } });
    return this.#invoke('sync.now', {});
  };
  retry = (id: string) => this.#invoke('op.retry', { id });
  edit = (id: string, body: unknown, params?: OpRecord['params']) =>
    this.#invoke('op.edit', params ? { id, body, params } : { id, body });
  discardPreview = (id: string) => this.#invoke('op.discardPreview', { id });
  discard = (id: string) => this.#invoke('op.discard', { id });
  resolve = (id: string, values: Record<string, unknown>) => this.#invoke('op.resolve', { id, values });

  /** One page of a customer's loyalty history, read from the API now (src/db/customers/loyaltyHistory.ts). */
  loyaltyHistory = (customerId: number, page: number) =>
    this.#invoke('customer.loyaltyHistory', { customerId, page });

  // Internals.

  async #invoke<C extends BridgeCommand>(
    command: C,
    payload: BridgeRequest<C>,
  ): Promise<BridgeResult<BridgeResponse<C>>> {
    if (!this.#bridge) return { ok: false, error: { code: 'failed', message: NO_BRIDGE_MESSAGE } };
    try {
      return await this.#bridge.invoke(command, payload);
    } catch (error) {
      // The contract says errors arrive as data; a throwing bridge must still not break the screen.
      return { ok: false, error: { code: 'failed', message: message(error) } };
    }
  }

  #onEvent(event: BridgeEvent): void {
    switch (event.event) {
      case 'connection.changed':
        void this.#apply(event.payload);
        break;
      case 'sync.status':
        this.syncStatus = event.payload;
        break;
      case 'store.detached':
        this.attached = false;
        this.detachedReason = event.payload.reason;
        break;
      case 'ops.changed':
        // The outbox watch (#watchOutbox) sees these and the engine's own transitions alike.
        break;
    }
  }

  /**
   * The host link dropped: nothing it said about sync is known any more. Back again: the host may be a new
   * run (its connection changed, its engine new), so the connection and status are read afresh; the bridge
   * has already re-attached this window's store.
   */
  #onLink(link: HostLink): void {
    const was = this.hostLink;
    this.hostLink = link;
    if (link.state === 'reconnecting') this.syncStatus = null;
    // A start that failed for want of the link follows it: its words while down, a new start once up.
    if (this.phase === 'error' && this.#failedOnLink) {
      if (link.state === 'open') void this.reload();
      else this.error = this.hostLinkText ?? this.error;
      return;
    }
    if (link.state === 'open' && was.state === 'reconnecting') void this.#afterReconnect();
  }

  async #afterReconnect(): Promise<void> {
    const connection = await this.#invoke('connection.get', {});
    if (connection.ok) await this.#apply(connection.value);
    const status = await this.#invoke('sync.status', {});
    if (status.ok && this.syncStatus === null) this.syncStatus = status.value;
  }

  /** Applies a connection state after any still being applied (a reply and its event may both arrive). */
  #apply(state: ConnectionState): Promise<void> {
    this.#applying = this.#applying
      .then(() => this.#applyNow(state))
      .catch((error: unknown) => {
        this.phase = 'error';
        this.error = `Could not open the local database: ${message(error)}`;
      });
    return this.#applying;
  }

  async #applyNow(state: ConnectionState): Promise<void> {
    this.connection = state;
    if (state.status === 'none' || !state.storeName) {
      this.#closeDb();
      this.phase = 'connect';
      return;
    }
    // The same database stays open; a detached window stays detached until the user says "Use here".
    if (this.db?.name !== state.storeName) {
      this.#closeDb();
      this.phase = 'opening';
      const db = new DockhandDb(state.storeName);
      await db.open();
      this.db = db;
      const store = createDexieStore(db);
      // Pulled pages are stored by a worker, so a first sync never competes with the screens for the thread.
      const pullWorker = startPullWorker(db.name, store.applyPulledPage);
      const stopServing = this.#bridge!.serveStore(
        storeRequestHandler(store, { offload: pullWorker.offload }),
      );
      this.#stopServing = () => {
        stopServing();
        pullWorker.stop();
      };
      this.#watchOutbox(db);
      await this.#attach(state.storeName);
      const status = await this.#invoke('sync.status', {});
      // An event may have brought a newer status while the reply was on its way.
      if (status.ok && this.syncStatus === null) this.syncStatus = status.value;
    }
    this.phase = 'ready';
  }

  async #attach(storeName: string): Promise<void> {
    // The outlet this PC receives for: its open orders come first on a first sync.
    const settings = this.db ? await readReceivingSettings(this.db) : null;
    const result = await this.#invoke('store.attach', {
      storeName,
      priorityOutletId: settings?.outletId ?? null,
    });
    this.attached = result.ok;
    if (result.ok) this.detachedReason = null;
    this.attachError = result.ok ? null : result.error.message;
  }

  #closeDb(): void {
    this.#stopServing?.();
    this.#stopServing = null;
    this.db?.close();
    this.db = null;
    this.attached = false;
    this.detachedReason = null;
    this.attachError = null;
    this.syncStatus = null;
    this.#stopWatching?.();
    this.#stopWatching = null;
  }

  /**
   * Wakes the engine when an op is queued (one place, so no form has to remember it), and raises a toast
   * whenever an op comes to need the user (./outboxWatch.ts).
   */
  #watchOutbox(db: DockhandDb): void {
    this.#stopWatching = watchOutbox(db, {
      needsUser: (op) => this.#announce(op),
      queued: () => {
        if (this.attached) void this.syncNow();
      },
    }).stop;
  }

  #announce(op: OpRecord): void {
    // The words are the toasts' (src/lib/toasts.svelte.ts opToastText).
    void this.toasts.announceOp(op, this.db);
  }
}

/** The link state of a bridge that has one (the browser host's WebSocket bridge). */
function linkOf(bridge: DockhandBridge): ((listener: (link: HostLink) => void) => () => void) | null {
  const candidate = (bridge as { onLink?: unknown }).onLink;
  return typeof candidate === 'function'
    ? (candidate.bind(bridge) as (listener: (link: HostLink) => void) => () => void)
    : null;
}
