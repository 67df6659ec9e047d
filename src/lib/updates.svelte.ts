/**
 * The renderer's view of app updates (electron/core/update through the bridge): the status the main side
 * streams as `update.status` events, and the user's three actions (check now, channel, restart to update).
 * Nothing here is needed to work: a command that fails is kept as a message in words, and the rest of the
 * app never waits on it. The Session owns one (session.svelte.ts), so screens reach it as `session.updates`.
 */
import type {
  BridgeCommand,
  BridgeRequest,
  BridgeResponse,
  BridgeResult,
  DockhandBridge,
} from '../bridge/contract';
import type { UpdateChannel, UpdateStatus } from '../bridge/updateStatus';

export class AppUpdates {
  status = $state.raw<UpdateStatus | null>(null);
  /** A command is under way (the buttons say so and wait). */
  busy = $state(false);
  /** Why the last command failed, in words; null once one succeeds. */
  failure = $state<string | null>(null);
  /** What the last "Restart to update" answered when it could not restart. */
  installRefused = $state<string | null>(null);

  readonly #bridge: DockhandBridge | null;

  constructor(bridge: DockhandBridge | null) {
    this.#bridge = bridge;
  }

  /** Listens for the main side's status and asks for the current one; returns the cleanup. */
  start(): () => void {
    const bridge = this.#bridge;
    if (!bridge) return () => {};
    const unsubscribe = bridge.onEvent((event) => {
      if (event.event === 'update.status') this.status = event.payload;
    });
    void this.#invoke('update.status', {}).then((result) => {
      // An event may have brought a newer status while the reply was on its way.
      if (result.ok && this.status === null) this.status = result.value;
    });
    return unsubscribe;
  }

  check = () => this.#run('update.check', {}, 'Could not check for updates');
  setChannel = (channel: UpdateChannel) =>
    this.#run('update.setChannel', { channel }, 'Could not change the channel');

  async install(): Promise<void> {
    this.installRefused = null;
    const result = await this.#invoke('update.install', {});
    if (!result.ok) this.failure = `Could not restart to update: ${result.error.message}`;
    else if (!result.value.started)
      this.installRefused = result.value.reason ?? 'The update cannot be installed now.';
  }

  async #run<C extends 'update.check' | 'update.setChannel'>(
    command: C,
    payload: BridgeRequest<C>,
    failed: string,
  ): Promise<void> {
    this.busy = true;
    const result = await this.#invoke(command, payload);
    this.busy = false;
    if (!result.ok) {
      this.failure = `${failed}: ${result.error.message}`;
      return;
    }
    this.failure = null;
    this.status = result.value as UpdateStatus;
  }

  async #invoke<C extends BridgeCommand>(
    command: C,
    payload: BridgeRequest<C>,
  ): Promise<BridgeResult<BridgeResponse<C>>> {
    if (!this.#bridge) return { ok: false, error: { code: 'failed', message: 'No host bridge.' } };
    try {
      return await this.#bridge.invoke(command, payload);
    } catch (error) {
      return {
        ok: false,
        error: { code: 'failed', message: error instanceof Error ? error.message : String(error) },
      };
    }
  }
}
