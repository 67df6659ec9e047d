/**
 * Validates one incoming bridge envelope and routes it to a handler. Used by every main-side host, so
 * the validation rules live in one place. Pure: the handlers are passed in.
 */
import { fieldErrors } from '../api/fieldErrors';
import {
  BRIDGE_COMMANDS,
  BridgeEnvelopeSchema,
  isBridgeCommand,
  type BridgeCommand,
  type BridgeRequest,
  type BridgeResponse,
  type BridgeResult,
} from './contract';

export type BridgeHandlers = {
  [C in BridgeCommand]: (payload: BridgeRequest<C>) => Promise<BridgeResponse<C>> | BridgeResponse<C>;
};

export async function dispatchBridge(
  handlers: BridgeHandlers,
  envelope: unknown,
): Promise<BridgeResult<unknown>> {
  const parsedEnvelope = BridgeEnvelopeSchema.safeParse(envelope);
  if (!parsedEnvelope.success) {
    return {
      ok: false,
      error: {
        code: 'bad_request',
        message: 'Malformed bridge message',
        fields: fieldErrors(parsedEnvelope.error),
      },
    };
  }
  const { command, payload } = parsedEnvelope.data;
  if (!isBridgeCommand(command)) {
    return { ok: false, error: { code: 'unknown_command', message: `Unknown bridge command "${command}"` } };
  }
  const spec = BRIDGE_COMMANDS[command];
  const request = spec.request.safeParse(payload);
  if (!request.success) {
    return {
      ok: false,
      error: {
        code: 'bad_request',
        message: `Invalid request for "${command}"`,
        fields: fieldErrors(request.error),
      },
    };
  }
  try {
    const value = await handlers[command](request.data);
    return { ok: true, value: spec.response.parse(value) };
  } catch (error) {
    // The message only: stacks and causes may carry paths or secrets.
    const message = error instanceof Error ? error.message : 'Unexpected failure';
    return { ok: false, error: { code: 'failed', message } };
  }
}
