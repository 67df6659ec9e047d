/**
 * The one bridge contract between the renderer and the main side (Electron main or the browser host).
 * Every command names a zod request and response schema; both ends validate every message, because the
 * renderer is untrusted and the main side must never act on a malformed request.
 *
 * Pure TypeScript: imports only zod (and src/api).
 */
import { z } from 'zod';

export const AppInfoSchema = z.strictObject({
  name: z.string(),
  version: z.string(),
  /** Which host runs the main-side code: the Electron shell or the Node browser host. */
  host: z.enum(['electron', 'browser']),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const BRIDGE_COMMANDS = {
  'app.info': { request: z.strictObject({}), response: AppInfoSchema },
} as const;

export type BridgeCommand = keyof typeof BRIDGE_COMMANDS;
export type BridgeRequest<C extends BridgeCommand> = z.infer<(typeof BRIDGE_COMMANDS)[C]['request']>;
export type BridgeResponse<C extends BridgeCommand> = z.infer<(typeof BRIDGE_COMMANDS)[C]['response']>;

/** Errors cross the bridge as data, never as thrown exceptions (Signal-Desktop style). */
export const BridgeErrorSchema = z.strictObject({
  code: z.enum(['bad_request', 'unknown_command', 'failed']),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type BridgeError = z.infer<typeof BridgeErrorSchema>;

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/** The single IPC channel the preload uses; the command name travels inside the envelope. */
export const BRIDGE_CHANNEL = 'dockhand:bridge';

export const BridgeEnvelopeSchema = z.strictObject({
  command: z.string().min(1).max(100),
  payload: z.unknown(),
});

export function isBridgeCommand(name: string): name is BridgeCommand {
  return Object.hasOwn(BRIDGE_COMMANDS, name);
}

/** What the preload (or the WebSocket client) puts on `window`: the bridge and nothing else. */
export interface DockhandBridge {
  invoke<C extends BridgeCommand>(
    command: C,
    payload: BridgeRequest<C>,
  ): Promise<BridgeResult<BridgeResponse<C>>>;
}
