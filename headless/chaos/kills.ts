/**
 * When a round's worker dies. The moment is drawn in the round's work, not in wall time (which depends on the
 * machine): after a random share of its queued ops has finished, or once it is idle. From then on the kill is
 * aimed at the worker's next write through the in-flight proxy (./inflight.ts), or at its next request of any
 * kind once it has gone a while without a write (it only pulls, or it is idle), so kills land with a request
 * in flight by construction, half of them before the server saw it and half after it answered. One kill in
 * ten lands during start-up instead (the store's replay). At the cap (a slow machine: the worker has not
 * got that far) the kill takes the next request of any kind, and lands anyway a few seconds later.
 */
import type { Random } from './random';
import type { Aim, InFlightProxy, KillPoint, Landing } from './inflight';
import type { WorkerProcess } from './supervisor';

export interface Kill {
  /** In words, for the round's log line. */
  moment: string;
  /** The worker had a request in flight (received by the proxy, not answered) when it was killed. */
  inFlight: boolean;
  /** The request an aimed kill landed on. */
  landing?: Landing;
}

/** Without a write for this long after the moment, the kill takes any request. */
const WIDEN_AFTER_MS = 1_000;
/** Past the cap, how long the kill waits for a request before it lands anyway. */
const LAST_CALL_MS = 3_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function killRound(input: {
  child: WorkerProcess;
  proxy: InFlightProxy;
  choices: Random;
  /** Even rounds aim after the server's answer, odd ones before the server sees the request. */
  round: number;
  /** Ops left to do when the round began. */
  work: number;
  capMs: number;
}): Promise<Kill> {
  const { child, proxy, choices, round, work, capMs } = input;
  const spawned = Date.now();
  const cap = sleep(capMs).then(() => 'cap' as const);
  const direct = (moment: string): Kill => {
    const inFlight = proxy.open() > 0;
    proxy.disarm();
    void child.kill();
    return { moment, inFlight };
  };

  // Drawn in the same order every round, whatever happens next.
  const early = choices.chance(0.1);
  const startUpMs = choices.int(0, 1_500);
  const target = Math.max(1, Math.round(work * (0.3 + choices.next() * 0.9)));
  const point: KillPoint = round % 2 === 0 ? 'after-answer' : 'before-server';

  if (early) {
    const first = await Promise.race([sleep(startUpMs).then(() => 'start-up' as const), child.exited, cap]);
    return direct(first === 'start-up' ? `during start-up (${startUpMs} ms)` : 'after it exited');
  }
  const moment = await Promise.race([
    child.settled(target).then(() => `after ${target} of ${work} ops finished`),
    child.next('idle').then(() => 'once idle'),
    child.exited.then(() => 'exited' as const),
    cap,
  ]);
  if (moment === 'exited') return direct('after it exited');
  // At the cap the worker is still busy (a slow machine): the kill takes its next request of any kind.
  const aim: Aim = moment === 'once idle' || moment === 'cap' ? 'any' : 'write';
  const { landed, widen } = proxy.aim(aim, point, () => void child.kill());
  void sleep(WIDEN_AFTER_MS).then(widen);
  const lastCall = moment === 'cap' ? sleep(LAST_CALL_MS) : cap;
  const end = await Promise.race([landed, child.exited.then(() => 'exited' as const), lastCall]);
  const when = moment === 'cap' ? `at the cap (${capMs} ms)` : moment;
  if (end === 'exited') return direct(`${when}, then it exited`);
  if (end === undefined || end === 'cap')
    return direct(`${when}, then ${Date.now() - spawned} ms after the spawn: no request came`);
  return {
    moment: `${when}, on ${end.method} ${end.path.split('?')[0]} ${end.point}`,
    inFlight: true,
    landing: end,
  };
}
