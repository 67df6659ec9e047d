/** Every domain handler, by operation id. The HTTP layer routes each validated request here. */
import type { HandlerTable } from './context';
import { partyHandlers } from './parties';
import { purchasingHandlers } from './purchasing';

export const handlers: HandlerTable = { ...purchasingHandlers, ...partyHandlers };
