/**
 * The simulator as the HTTP benchmark measures it, in this process or in the child (./serve.ts): fixed seed,
 * responses not validated (the benchmark measures the server, not the contract check), no rate limit in reach.
 */
import { startSimulator, type Simulator } from '../index';

export function startBenchSimulator(dataset: 'small' | 'large'): Promise<Simulator> {
  return startSimulator({
    port: 0,
    dataset,
    seed: 1,
    validateResponses: false,
    rateLimit: 1_000_000,
  });
}
