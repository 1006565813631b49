import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticatorTransportFuture,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponse } from '@karta/shared/schemas/passkeys';
import { PASSKEY_CHALLENGE_SECONDS } from '@karta/shared/schemas/passkeys';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { addSeconds } from '../../lib/clock';
import type { UserRow } from '../../lib/users';
import * as throttle from '../throttle/throttle.service';
import * as passkeys from './passkeys.repository';

/**
 * Passkey requests per address and per account in fifteen minutes, in PostgreSQL like the code
 * throttle: a flood of options or answers is held here, before any cryptography.
 */
export async function countPasskeyTry(ctx: AppContext, key: string, limit: number) {
  const wait = await throttle.countAttempt(
    ctx.db,
    [{ key: `passkey:${key}`, limit, windowSeconds: 15 * 60 }],
    ctx.clock.now(),
  );
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw new AppError(
      'RATE_LIMITED',
      `Too many passkey attempts. Please try again in ${String(minutes)} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      { retryAfterSeconds: wait },
    );
  }
}

export const asTransports = (values: string[]) => values as AuthenticatorTransportFuture[];

/** The challenge a browser's answer carries (clientDataJSON), or undefined if unreadable. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON));
    if (typeof data === 'object' && data !== null && 'challenge' in data) {
      return typeof data.challenge === 'string' ? data.challenge.slice(0, 256) : undefined;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * Checks a browser's signed answer (an assertion) against one stored passkey and the challenge
 * we handed out: origin, RP id, user present and verified, the signature. Answers the passkey's
 * new signature counter, or undefined when it is not a good answer (the library's reason is
 * logged, never the answer itself). The caller records the use.
 */
export async function checkPasskeyAssertion(
  ctx: AppContext,
  options: { challenge: string; passkey: passkeys.PasskeyRow; response: AuthenticationResponse },
): Promise<number | undefined> {
  const { passkey, response } = options;
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== isoBase64URL.fromUTF8String(passkey.userId)) {
    return undefined;
  }
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: options.challenge,
      expectedOrigin: ctx.config.webauthn.origin,
      expectedRPID: ctx.config.webauthn.rpId,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: asTransports(passkey.transports),
      },
    });
    return verified.verified ? verified.authenticationInfo.newCounter : undefined;
  } catch (err) {
    ctx.log.info({ reason: (err as Error).message }, 'passkey assertion refused');
    return undefined;
  }
}

/**
 * Options to confirm with one of this account's own passkeys (its second factor after the
 * password, or a step-up): they name its passkeys, so the browser offers only those, and ask
 * for user verification. The challenge is kept for the account, five minutes, spent once.
 */
export async function accountPasskeyOptions(
  ctx: AppContext,
  user: UserRow,
): Promise<Record<string, unknown> | undefined> {
  const own = await passkeys.listPasskeys(ctx.db, user.id);
  if (own.length === 0) return undefined;
  const webauthn = await generateAuthenticationOptions({
    rpID: ctx.config.webauthn.rpId,
    userVerification: 'required',
    allowCredentials: own.map((row) => ({
      id: row.credentialId,
      transports: asTransports(row.transports),
    })),
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
  });
  const now = ctx.clock.now();
  await passkeys.insertPasskeyChallenge(ctx.db, {
    purpose: 'account',
    userId: user.id,
    challenge: webauthn.challenge,
    createdAt: now,
    expiresAt: addSeconds(now, PASSKEY_CHALLENGE_SECONDS),
  });
  return webauthn as unknown as Record<string, unknown>;
}

/**
 * Whether this answer is the account's own passkey, now, to options `accountPasskeyOptions`
 * handed to this account: the challenge is spent first (right or wrong, outside any caller's
 * transaction, so a rolled-back request cannot make an answer good twice), then the signature
 * is checked and the use recorded in `tx` (refused if the counter went backwards: a cloned key).
 */
export async function confirmWithAccountPasskey(
  ctx: AppContext,
  options: { user: UserRow; response: AuthenticationResponse; tx?: Executor },
): Promise<boolean> {
  const { user, response } = options;
  const now = ctx.clock.now();
  const sent = challengeOf(response.response.clientDataJSON);
  if (sent === undefined) return false;
  const challenge = await passkeys.takePasskeyChallenge(ctx.db, {
    purpose: 'account',
    challenge: sent,
    userId: user.id,
    now,
  });
  if (challenge === undefined) return false;
  const passkey = await passkeys.findPasskeyByCredentialId(ctx.db, response.id);
  if (passkey?.userId !== user.id) return false;
  const counter = await checkPasskeyAssertion(ctx, { challenge, passkey, response });
  if (counter === undefined) return false;
  return passkeys.recordPasskeyUse(options.tx ?? ctx.db, { id: passkey.id, counter, at: now });
}
