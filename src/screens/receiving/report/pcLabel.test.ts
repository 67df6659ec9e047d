/** "Received at PC" from what Dockhand knows of this PC: its receiving outlet and the app running it. */
import { describe, expect, it } from 'vitest';
import { pcLabel } from './pcLabel';

describe('pcLabel', () => {
  const app = { name: 'Dockhand', version: '1.4.0', host: 'electron' } as const;

  it('names the outlet this PC receives for and the app that runs it', () => {
    expect(pcLabel(app, 'Sydney CBD')).toBe('Sydney CBD receiving PC · Dockhand 1.4.0, desktop app');
    expect(pcLabel({ ...app, host: 'browser' }, null)).toBe('Dockhand 1.4.0, browser host');
    expect(pcLabel(null, 'Sydney CBD')).toBe('Sydney CBD receiving PC');
  });

  it('leaves the field to write in when it knows neither', () => {
    expect(pcLabel(null, null)).toBeNull();
  });
});
