/** The main side of the bridge, mounted by both hosts (Electron main over ipcMain, the browser host over ws). */
export { createMainBridge, type AppLogger, type MainBridge, type MainBridgeOptions } from './mainBridge';
export {
  createRendererLink,
  RendererLinkError,
  type RendererLink,
  type RendererLinkTransport,
} from './rendererLink';
export { CONNECTION_TEST_TIMEOUT_MS, normaliseBaseUrl, storeNameFor, testConnection } from './connectionTest';
export {
  DEMO_API_KEY,
  type DemoOptions,
  type DemoSimulator,
  type DemoSimulatorOptions,
  type StartDemoSimulator,
} from './demo';
export { SILENT_APP_LOGGER } from './logger';
