/**
 * What the renderer may know about the saved connection (ConnectionState): status, base URL, the name of
 * its database, and whether the key survives a restart. Built from the SecretBox's `describe()`, which has
 * no key in it, so nothing here can leak one.
 */
import type { ConnectionState, DemoDataset } from '../../../src/bridge/contract';
import type { SecretBox } from '../secrets/secretBox';
import { httpsVersionOf, storeNameFor } from './connectionTest';

export async function connectionState(
  secrets: SecretBox,
  /** The saved demo connection's dataset (read only for a demo connection). */
  demoDataset: () => Promise<DemoDataset>,
  suggestedBaseUrl: string | undefined,
): Promise<ConnectionState> {
  const info = await secrets.describe();
  const storage = {
    persistent: info.persistent,
    ...(info.storageWarning ? { storageWarning: info.storageWarning } : {}),
  };
  if (!info.configured || !info.baseUrl) {
    // A saved http:// connection to another machine is refused: offer its https:// address instead, which
    // keeps its database (mainBridge's connection.set, storeCarriedOver).
    const suggested = (info.insecureBaseUrl && httpsVersionOf(info.insecureBaseUrl)) || suggestedBaseUrl;
    return {
      status: 'none',
      storeName: null,
      ...storage,
      ...(suggested ? { suggestedBaseUrl: suggested } : {}),
    };
  }
  if (info.demo) {
    const dataset = await demoDataset();
    const storeName = storeNameFor(info.baseUrl, dataset);
    return { status: 'demo', baseUrl: info.baseUrl, demoDataset: dataset, storeName, ...storage };
  }
  const storeName = info.storeName ?? storeNameFor(info.baseUrl);
  return { status: 'configured', baseUrl: info.baseUrl, storeName, ...storage };
}
