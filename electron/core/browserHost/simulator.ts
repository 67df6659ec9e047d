/**
 * The demo's simulator, for the browser host. The rest of electron/core may not import server/ (the sync core
 * stays independent of the simulator); the browser host is a composition root like electron/main, and its
 * own layer in eslint/runtimeBoundaries.js allows it. Loaded lazily, when a demo actually starts.
 */
import type { StartDemoSimulator } from '../bridge/demo';
import type { Simulator } from '../../../server/index';

export type { Simulator };

export const startDemoSimulator: StartDemoSimulator<Simulator> = async (options) => {
  const { startSimulator } = await import('../../../server/index');
  return startSimulator(options);
};
