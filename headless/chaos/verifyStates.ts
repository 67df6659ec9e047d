/**
 * How the run's ops ended, against what each scenario meant: an op the server was meant to refuse must end
 * `failed` with the refusal's status (not `done`, not failed for another reason); every other op must not
 * end `failed` or `blocked`. A failure the scenario did
 * not mean is a bug of the engine or of the generator either way, so it fails the run like a loss does.
 */
import type { Entry } from './verifyChecks';

export interface EndStates {
  failed: number;
  refused: number;
  unexpected: number;
  pending: number;
}

export function judgeStates(entries: readonly Entry[], problems: string[]): EndStates {
  const states: EndStates = { failed: 0, refused: 0, unexpected: 0, pending: 0 };
  for (const { op, meantToFail } of entries) {
    if (!op) continue; // a vanished op is a loss already
    const name = `${op.kind} "${op.label}"`;
    if (op.state === 'failed') states.failed += 1;
    else if (op.state !== 'done') states.pending += 1;
    if (meantToFail) {
      const status = op.problem?.status ?? null;
      if (op.state === 'failed' && status === meantToFail.status) states.refused += 1;
      else if (op.state === 'failed') {
        states.unexpected += 1;
        problems.push(`refused for another reason: ${name} (${status}): ${op.reason ?? 'no reason given'}`);
      } else if (op.state === 'done') {
        states.unexpected += 1;
        problems.push(`not refused: ${name} is done, though ${meantToFail.why}`);
      }
      // Any other state: the op never got its answer (the run did not drain), which the drain reports.
    } else if (op.state === 'failed' || op.state === 'blocked') {
      states.unexpected += 1;
      problems.push(`unexpectedly ${op.state}: ${name}: ${op.reason ?? 'no reason given'}`);
    }
  }
  return states;
}
