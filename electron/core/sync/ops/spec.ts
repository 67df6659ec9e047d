/**
 * What every op spec of this folder shares: the OpKindSpec the engine consumes, plus the temp ids an op
 * references (what keeps it blocked until each is mapped). The payload rules themselves (schema, aggregate,
 * temp ids) are the op catalog's (src/db/opCatalog.ts), shared with the outbox writer.
 */
import type { OpKind, OpRecord } from '../../../../src/db/ops';
import type { OpShape } from '../../../../src/db/opCatalog';
import type { OpKindSpec } from '../opKind';

export type { OpShape } from '../../../../src/db/opCatalog';
export { payloadOf, tempIdsOf as tempIdsIn, type BodyOf, type Payload } from '../../../../src/db/opPayload';

export interface OpSpec<K extends OpKind = OpKind> extends OpKindSpec<K> {
  /**
   * `createsTempId` is optional so callers holding only params/body still get an answer; creates that
   * know their temp id join the aggregate their dependent updates name (`supplierInvoice:-4`).
   */
  aggregateOf(op: OpShape): string;
  /** Negative ids the op's params or body reference: it cannot be sent until each is mapped. */
  tempIdsOf(op: Pick<OpRecord, 'params' | 'body'>): number[];
}
