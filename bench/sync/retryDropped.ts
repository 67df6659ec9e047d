/**
 * Sending a request again when its connection drops under it (ECONNRESET, undici's "other side closed"), for
 * the benches' plain-fetch baselines (./rawFetch.ts). DOM-free, so Node tests import it.
 */
export const DROP_RETRIES = 5;

/** A connection the other side closed or reset under a request: worth sending it again. */
export function isDroppedConnection(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 4; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET') return true;
    if (typeof message === 'string' && /other side closed|socket hang up|ECONNRESET/i.test(message))
      return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * `attempt` again after a dropped connection, with a short growing pause, up to `retries` times; any other
 * failure (and the last drop) is thrown. `onDrop` counts them.
 */
export async function retryDropped<T>(
  attempt: () => Promise<T>,
  options: { retries?: number; onDrop?: () => void; pause?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const { retries = DROP_RETRIES, onDrop = () => {}, pause = sleep } = options;
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isDroppedConnection(error) || tries >= retries) throw error;
      onDrop();
      await pause(50 * 2 ** tries);
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
