/**
 * Test support for the update service (imported only by *.test.ts): one feed server for a test file
 * (./testing.ts), and the service a test builds over a REAL updater reading it, stopped after each test
 * however it ended.
 */
import { afterEach, expect } from 'vitest';
import type { UpdateStatus } from '../../../src/bridge/updateStatus';
import { waitFor } from '../sync/testing/fetches';
import { perFile } from '../sync/testing/perFile';
import { memoryUpdateSettings } from './settingsFile';
import {
  realUpdater,
  startFeedServer,
  type FeedServer,
  type RealUpdater,
  type RealUpdaterOptions,
} from './testing';
import { createUpdateService, type UpdateService, type UpdateServiceOptions } from './updateService';

export function feedSuite() {
  const started = perFile(startFeedServer, (feed) => feed.close());
  let service: UpdateService | undefined;
  afterEach(() => {
    service?.stop();
    service = undefined;
  });
  return {
    get feed(): FeedServer {
      return started();
    },
    /** The service on `installed` over a real updater reading the feed, with every status it published. */
    async serviceFor(
      installed: string,
      extra: Partial<UpdateServiceOptions> = {},
      updaterOptions: RealUpdaterOptions = {},
    ) {
      const real = realUpdater(started().url, installed, updaterOptions);
      const seen: UpdateStatus[] = [];
      service = await createUpdateService({
        updater: real.updater,
        settings: memoryUpdateSettings(),
        prepareForInstall: () => Promise.resolve(),
        ...extra,
      });
      service.subscribe((status) => seen.push(status));
      return { service, real, seen };
    },
  };
}

/** Resolves once the service's state is of `kind` (the download runs in the background). */
export const until = (s: UpdateService, kind: UpdateStatus['state']['kind']) =>
  waitFor(() => s.status().state.kind === kind);

/** Nothing was downloaded, so an install is refused in words and nothing is installed. */
export async function expectNothingToInstall(s: UpdateService, real: Pick<RealUpdater, 'installs'>) {
  expect(await s.installWhenSafe()).toEqual({
    started: false,
    reason: 'No update has been downloaded yet.',
  });
  expect(real.installs).toEqual([]);
}
