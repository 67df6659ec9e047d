/**
 * The renderer's entry. The app starts in steps, each in a task of its own: an `import()` evaluates every
 * module it adds in one go, and evaluating zod, the contract's schemas, Dexie, Svelte and the app, then the
 * first render, all in the first task held the window for 110–150 ms (issue #11: the first sync's longest
 * task, `npm run bench:sync`). Each step is a chunk of the build of its own, so no task of the start is long.
 */
import './app.css';

const target = document.getElementById('app');
if (!target) throw new Error('Dockhand: #app element missing from index.html');

/**
 * Gives the thread back: `scheduler.yield()` where the browser has it, else a message to this window. Not a
 * timeout: a hidden window (Electron shows it once it has painted) runs timers at most once a second.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * What the app needs, each step after the ones it builds on: zod and the contract's schemas (building them is
 * the heaviest part), the bridge and store schemas, Dexie, Svelte, the session; App comes last.
 */
const STEPS: readonly (() => Promise<unknown>)[] = [
  () => import('./api/primitives'),
  () => import('./api/resources/product'),
  () => import('./api/resources/customer'),
  () => import('./api/resources'),
  () => import('./api/requests'),
  () => import('./bridge/contract'),
  () => import('./db/schema'),
  () => import('./db/opCatalog'),
  () => import('svelte'),
  () => import('./lib/session.svelte'),
  // The first number and date shown load the locale's formats (~20 ms each, bench/sync --profile): here, not
  // in the task that draws the first screen.
  () =>
    import('./lib/recordFormat').then(({ counted, dayText, moneyText }) => {
      counted(0, '');
      dayText('2000-01-01T00:00:00Z');
      moneyText(0);
    }),
];

async function start(into: HTMLElement): Promise<void> {
  for (const step of STEPS) {
    await step();
    await nextTask();
  }
  const [{ mount }, { default: App }] = await Promise.all([import('svelte'), import('./App.svelte')]);
  await nextTask();
  mount(App, { target: into });
}

void start(target);
