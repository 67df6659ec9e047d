/**
 * Authentication as the API states it, the token shape ours (../README.md, "Auth and rate limit"): the API
 * key identifies the caller on every request; `GET /auth/token` trades it for
 * a bearer token, which every other request also carries. Tokens are random and opaque (not JWTs: nothing
 * in them is meant to be read by the client), live in memory only (a restarted simulator answers 401 and the
 * client fetches a new one) and belong to the key that obtained them.
 */
import { randomBytes } from 'node:crypto';
import type { AuthToken } from '../../src/api/resources/token';
import { ApiError } from '../errors';

export type KeyRole = 'main' | 'restricted';

export interface Caller {
  key: string;
  role: KeyRole;
}

interface IssuedToken {
  key: string;
  expiresAt: number;
}

const unauthorized = (detail: string) => new ApiError(401, 'Unauthorized', detail);

/** RFC 6750 `b64token`; the scheme name is case-insensitive (RFC 9110 11.1). */
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/** Expired tokens are swept at most this often, so the map cannot grow without bound. */
const SWEEP_INTERVAL_MS = 60_000;

export class Authenticator {
  private readonly keys = new Map<string, KeyRole>();
  private readonly tokens = new Map<string, IssuedToken>();
  private lastSweep = 0;

  constructor(
    apiKey: string,
    restrictedKey: string | undefined,
    private readonly ttlSeconds: number,
    private readonly now: () => Date,
  ) {
    this.keys.set(apiKey, 'main');
    if (restrictedKey !== undefined) this.keys.set(restrictedKey, 'restricted');
  }

  /** The caller named by `x-api-key`; missing or unknown → 401. */
  identify(header: string | undefined): Caller {
    if (!header) throw unauthorized('The x-api-key header is required');
    const role = this.keys.get(header);
    if (!role) throw unauthorized('The API key is not valid');
    return { key: header, role };
  }

  issue(caller: Caller): AuthToken {
    const now = this.now().getTime();
    this.sweep(now);
    const accessToken = randomBytes(32).toString('base64url');
    const expiresAt = now + this.ttlSeconds * 1000;
    this.tokens.set(accessToken, { key: caller.key, expiresAt });
    return {
      token_type: 'Bearer',
      access_token: accessToken,
      expires_on: new Date(expiresAt).toISOString(),
    };
  }

  /** Checks `Authorization: Bearer <token>` for this caller; every failure is a 401 saying why. */
  verify(caller: Caller, header: string | undefined): void {
    if (!header) throw unauthorized('The Authorization header is required: Bearer <access_token>');
    const match = BEARER.exec(header);
    if (!match) throw unauthorized('The Authorization header must be: Bearer <access_token>');
    const issued = this.tokens.get(match[1]!);
    if (!issued) throw unauthorized('The access token is not valid');
    if (issued.key !== caller.key) throw unauthorized('The access token was issued for another API key');
    if (this.now().getTime() >= issued.expiresAt) throw unauthorized('The access token has expired');
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    for (const [token, issued] of this.tokens) if (issued.expiresAt <= now) this.tokens.delete(token);
  }
}
