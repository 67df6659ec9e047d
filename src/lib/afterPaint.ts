/**
 * Resolves just after the next frame is painted, so work that the clerk does not see (a durable write, say)
 * does not stand between an input and the frame that answers it. A hidden or minimised window paints no
 * frames: `fallbackMs` later it resolves anyway, so the work is delayed, never dropped.
 */
export function afterPaint(fallbackMs = 100): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(fallback);
      resolve();
    };
    const fallback = setTimeout(finish, fallbackMs);
    // A task queued from a frame callback runs once that frame's style, layout and paint are done.
    requestAnimationFrame(() => setTimeout(finish, 0));
  });
}
