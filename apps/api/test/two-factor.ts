import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { User } from '@karta/shared/schemas/users';
import type { FakeClock } from '../src/lib/clock';
import { bodyOf, login, post, refreshCookieOf, type Session } from './accounts';

/**
 * Two-step sign-in as a person with an authenticator app lives it: the app computes the code
 * from the secret the setup showed, at the time the test app's clock says (the same library the
 * server uses, as any app would compute the same digits).
 */
export const codeAt = (secret: string, at: Date) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });

/** The code the app shows now, one step after the last one used (a code is taken once). */
export function nextCode(clock: FakeClock, secret: string) {
  clock.advance(30);
  return codeAt(secret, clock.now());
}

export const auth = (session: Session) => ({ authorization: session.token });

export async function setUpTotp(app: FastifyInstance, session: Session) {
  const response = await post(
    app,
    `/user/two_factor/totp/setup/${session.user.id}`,
    { password: session.password },
    auth(session),
  );
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ secret: string; otpauth_url: string; qr_svg: string }>(response).data;
}

/** Setup, then the first code: two-step sign-in on. Answers the secret and the recovery codes. */
export async function turnOnTotp(app: FastifyInstance, clock: FakeClock, session: Session) {
  const { secret } = await setUpTotp(app, session);
  const response = await post(
    app,
    `/user/two_factor/totp/enable/${session.user.id}`,
    { code: codeAt(secret, clock.now()) },
    auth(session),
  );
  expect(response.statusCode, response.body).toBe(200);
  const { recovery_codes: recoveryCodes } = bodyOf<{ recovery_codes: string[] }>(response).data;
  return { secret, recoveryCodes };
}

/** The first step of a sign-in for an account with two-step sign-in: the challenge's id. */
export async function challengeFor(app: FastifyInstance, session: Session): Promise<string> {
  const response = await login(app, session.email, session.password);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ challenge_id: string }>(response).data.challenge_id;
}

export const answerChallenge = (
  app: FastifyInstance,
  body: { challenge_id: string; code?: string; recovery_code?: string },
) => post(app, '/auth/login/two_factor', body);

/** A full sign-in with the password and the app's next code: a new session. */
export async function signInWithCode(
  app: FastifyInstance,
  clock: FakeClock,
  session: Session,
  secret: string,
): Promise<Session> {
  const challengeId = await challengeFor(app, session);
  const response = await answerChallenge(app, {
    challenge_id: challengeId,
    code: nextCode(clock, secret),
  });
  expect(response.statusCode, response.body).toBe(200);
  return sessionOf(response, session);
}

export function sessionOf(response: LightMyRequestResponse, before: Session): Session {
  const body = response.json<{ token: string; data: User }>();
  const refreshToken = refreshCookieOf(response);
  if (!refreshToken) throw new Error('no refresh cookie');
  return { ...before, user: body.data, token: body.token, refreshToken };
}
