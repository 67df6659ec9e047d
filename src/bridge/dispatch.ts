/**
 * Validates one incoming bridge envelope and routes it to a handler. Used by every main-side host, so
 * the validation rules live in one place. Pure: the handlers are passed in, with a per-sender context
 * (which renderer sent it) that the host supplies.
 */
import { fieldErrors } from '../api/fieldErrors';
import {
  BRIDGE_COMMANDS,
  BridgeEnvelopeSchema,
  BridgeFailure,
  isBridgeCommand,
  type BridgeCommand,
  type BridgeParsedRequest,
  type BridgeResponse,
  type BridgeResult,
} from './contract';

export type BridgeHandlers<Context = void> = {
  [C in BridgeCommand]: (
    payload: BridgeParsedRequest<C>,
    context: Context,
  ) => Promise<BridgeResponse<C>> | BridgeResponse<C>;
};

export async function dispatchBridge<Context>(
  handlers: BridgeHandlers<Context>,
  envelope: unknown,
  context: Context,
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
    const handler = handlers[command] as (payload: unknown, context: Context) => unknown;
    const value = await handler(request.data, context);
    return { ok: true, value: spec.response.parse(value) };
  } catch (error) {
    if (error instanceof BridgeFailure) {
      return {
        ok: false,
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
        },
      };
    }
    // The message only: stacks and causes may carry paths or secrets.
    const message = error instanceof Error ? error.message : 'Unexpected failure';
    return { ok: false, error: { code: 'failed', message } };
  }
}
