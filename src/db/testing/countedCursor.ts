/**
 * For tests that count store work through a Dexie DBCore middleware (../replayCost.test.ts,
 * ../edits/queuedOrderLines.test.ts): a cursor whose every step is told to `step` before it is handed on,
 * so a read that walks an index is counted row by row, not as one request.
 */
import type { DBCoreCursor } from 'dexie';

export function countedCursor(
  cursor: DBCoreCursor | null,
  step: (cursor: DBCoreCursor) => void,
): DBCoreCursor | null {
  if (!cursor) return cursor;
  const start = cursor.start.bind(cursor);
  cursor.start = (onNext) =>
    start(() => {
      step(cursor);
      onNext();
    });
  return cursor;
}
