import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponse,
  Passkey,
  RegistrationResponse,
} from '@karta/shared/schemas/passkeys';
import { PASSKEY_CHALLENGE_SECONDS } from '@karta/shared/schemas/passkeys';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { addSeconds } from '../../lib/clock';
import { isUuid } from '../../lib/ids';
import { findUserById, type UserRow } from '../../lib/users';
import { recordNotice } from '../notices/notices.service';
import { startSession, type IssuedSession } from '../sessions/sessions.service';
import { sendSecurityNotice } from './account-mails';
import {
  asTransports,
  challengeOf,
  checkPasskeyAssertion,
  countPasskeyTry,
} from './passkey-assertion';
import * as passkeys from './passkeys.repository';
import { markSessionSteppedUp } from './two-factor-session';

const RP_NAME = 'Karta';
const CHALLENGE_OVER = 'This passkey request has expired or was used already. Please try again.';
const NOT_VERIFIED = 'We could not check this passkey. Please try again.';
const ALREADY_ADDED = 'This passkey is already added to an account.';
const NOT_FOUND = 'There is no such passkey on your account.';
const UNKNOWN_PASSKEY =
  'We do not recognise this passkey. Sign in with your password, then add it in Settings › Security.';

const toView = (row: passkeys.PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export async function listAccountPasskeys(ctx: AppContext, user: UserRow): Promise<Passkey[]> {
  return (await passkeys.listPasskeys(ctx.db, user.id)).map(toView);
}

/**
 * Registration options for the signed-in account: a discoverable credential (so it can sign in
 * with no e-mail typed) with user verification required, never one of its passkeys again.
 */
export async function startPasskeyRegistration(
  ctx: AppContext,
  options: { user: UserRow; ip: string },
) {
  const { user } = options;
  await countPasskeyTry(ctx, `account:${user.id}`, 30);
  const existing = await passkeys.listPasskeys(ctx.db, user.id);
  const webauthn = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: ctx.config.webauthn.rpId,
    userID: isoUint8Array.fromUTF8String(user.id),
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
    attestationType: 'none',
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: asTransports(row.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const now = ctx.clock.now();
  await passkeys.insertPasskeyChallenge(ctx.db, {
    purpose: 'register',
    userId: user.id,
    challenge: webauthn.challenge,
    createdAt: now,
    expiresAt: addSeconds(now, PASSKEY_CHALLENGE_SECONDS),
  });
  return { options: webauthn as unknown as Record<string, unknown> };
}

/**
 * The browser's answer to the registration options: its challenge must be one handed to this
 * account in the last five minutes and not used (it is spent now, right or wrong), then the
 * attestation is verified (origin, RP id, user present and verified) and the passkey kept.
 */
export async function addPasskey(
  ctx: AppContext,
  options: { user: UserRow; name: string; response: RegistrationResponse; ip: string },
): Promise<Passkey> {
  const { user } = options;
  await countPasskeyTry(ctx, `account:${user.id}`, 30);
  const now = ctx.clock.now();
  const sent = challengeOf(options.response.response.clientDataJSON);
  const challenge =
    sent === undefined
      ? undefined
      : await passkeys.takePasskeyChallenge(ctx.db, {
          purpose: 'register',
          challenge: sent,
          userId: user.id,
          now,
        });
  if (challenge === undefined) {
    throw new AppError('UNAUTHORIZED', CHALLENGE_OVER, { field: 'response' });
  }
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      // Transports are hints the library only passes on: unknown ones do no harm.
      response: options.response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: ctx.config.webauthn.origin,
      expectedRPID: ctx.config.webauthn.rpId,
      requireUserVerification: true,
    });
  } catch (err) {
    // The library's reason (wrong origin, bad signature...) without the answer itself.
    ctx.log.info({ reason: (err as Error).message }, 'passkey registration refused');
    throw new AppError('UNAUTHORIZED', NOT_VERIFIED, { field: 'response' });
  }
  if (!verified.verified) throw new AppError('UNAUTHORIZED', NOT_VERIFIED, { field: 'response' });
  const { credential } = verified.registrationInfo;
  const added = await ctx.db.transaction(async (tx) => {
    const row = await passkeys.insertPasskey(tx, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: options.name,
      createdAt: now,
    });
    if (!row) return undefined;
    await recordNotice(tx, {
      userId: user.id,
      kind: 'passkey_added',
      title: 'A passkey was added',
      body: 'A new passkey can now sign in to your account without your password. If it was not you, remove it in Settings › Security and contact us.',
      at: now,
    });
    return row;
  });
  if (!added) throw new AppError('CONFLICT', ALREADY_ADDED, { domainCode: 'ALREADY_EXISTS' });
  await sendSecurityNotice(ctx, user, 'A passkey was added to your Karta account');
  return toView(added);
}

/** Removes one of the account's own passkeys; told in the bell and by mail. */
export async function removePasskey(
  ctx: AppContext,
  options: { user: UserRow; passkeyId: string },
) {
  const { user } = options;
  if (!isUuid(options.passkeyId)) {
    throw new AppError('NOT_FOUND', NOT_FOUND, { field: 'passkey_id' });
  }
  const now = ctx.clock.now();
  const removed = await ctx.db.transaction(async (tx) => {
    const row = await passkeys.deletePasskey(tx, { userId: user.id, passkeyId: options.passkeyId });
    if (!row) return undefined;
    await recordNotice(tx, {
      userId: user.id,
      kind: 'passkey_removed',
      title: 'A passkey was removed',
      body: 'One of your passkeys can no longer sign in to your account. If it was not you, change your password and contact us.',
      at: now,
    });
    return row;
  });
  if (!removed) throw new AppError('NOT_FOUND', NOT_FOUND, { field: 'passkey_id' });
  await sendSecurityNotice(ctx, user, 'A passkey was removed from your Karta account');
}

/**
 * Options for signing in with a passkey alone: no account named (empty allowCredentials), so the
 * browser offers the passkeys it holds for this site. The challenge id comes back with the answer.
 */
export async function startPasskeySignIn(ctx: AppContext, options: { ip: string }) {
  await countPasskeyTry(ctx, `ip:${options.ip}`, 60);
  const webauthn = await generateAuthenticationOptions({
    rpID: ctx.config.webauthn.rpId,
    userVerification: 'required',
    allowCredentials: [],
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
  });
  const now = ctx.clock.now();
  const challengeId = await passkeys.insertPasskeyChallenge(ctx.db, {
    purpose: 'sign_in',
    userId: null,
    challenge: webauthn.challenge,
    createdAt: now,
    expiresAt: addSeconds(now, PASSKEY_CHALLENGE_SECONDS),
  });
  return { challenge_id: challengeId, options: webauthn as unknown as Record<string, unknown> };
}

/**
 * Signs in with a passkey alone: the challenge is spent (right or wrong), the passkey found by
 * its credential id, the signature verified with user verification required. A verified passkey
 * is both factors, so the session starts at once, stepped up, with no code asked after it.
 */
export async function signInWithPasskey(
  ctx: AppContext,
  options: {
    challengeId: string;
    response: AuthenticationResponse;
    ip: string;
    device: 'web';
  },
): Promise<{ user: UserRow; session: IssuedSession }> {
  await countPasskeyTry(ctx, `ip:${options.ip}`, 60);
  const now = ctx.clock.now();
  const challenge = isUuid(options.challengeId)
    ? await passkeys.takePasskeyChallenge(ctx.db, {
        purpose: 'sign_in',
        id: options.challengeId,
        now,
      })
    : undefined;
  if (challenge === undefined) {
    throw new AppError('UNAUTHORIZED', CHALLENGE_OVER, { field: 'challenge_id' });
  }
  const passkey = await passkeys.findPasskeyByCredentialId(ctx.db, options.response.id);
  if (!passkey) throw new AppError('UNAUTHORIZED', UNKNOWN_PASSKEY, { field: 'response' });
  const counter = await checkPasskeyAssertion(ctx, {
    challenge,
    passkey,
    response: options.response,
  });
  if (counter === undefined)
    throw new AppError('UNAUTHORIZED', NOT_VERIFIED, { field: 'response' });
  const user = await findUserById(ctx.db, passkey.userId);
  if (user?.status !== 'active') {
    throw new AppError('UNAUTHORIZED', 'This account cannot sign in. Please contact us.');
  }
  const session = await ctx.db.transaction(async (tx) => {
    if (!(await passkeys.recordPasskeyUse(tx, { id: passkey.id, counter, at: now }))) {
      return undefined;
    }
    const started = await startSession(ctx, { user, device: options.device, tx });
    await markSessionSteppedUp(ctx, { tx, userId: user.id, sessionId: started.sessionId });
    return started;
  });
  if (!session) {
    ctx.log.warn({ passkeyId: passkey.id }, 'passkey counter went backwards: refused');
    throw new AppError('UNAUTHORIZED', NOT_VERIFIED, { field: 'response' });
  }
  return { user, session };
}
