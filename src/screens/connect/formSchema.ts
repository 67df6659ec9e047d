/**
 * What the connect form checks before anything reaches the bridge: the bridge's own input schema, plus the
 * https rule (src/api/secureUrl.ts), so a plain http:// address to another machine is named on the URL field
 * in words before the key is ever handed over. The main side applies the same rule again (it never trusts
 * the renderer).
 */
import { secureTransport } from '../../api/secureUrl';
import { ConnectionInputSchema } from '../../bridge/contract';

export const ConnectFormSchema = ConnectionInputSchema.extend({
  baseUrl: ConnectionInputSchema.shape.baseUrl.check(secureTransport()),
});
