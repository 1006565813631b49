import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { User } from '@karta/shared/schemas/users';

// Not on the common-password list in any reading ("Sunshine#2026" was: "sunshine").
export const PASSWORD = 'Ikeja#Market2026';

let counter = 0;
/** A valid registration payload with a unique e-mail and phone number. */
export function registration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const unique = `${Date.now() % 1_000_000}${counter}`.padStart(8, '0').slice(-8);
  return {
    first_name: 'Chidinma',
    last_name: 'Eze',
    email: `chidinma.${unique}@example.com`,
    mobile_number: `+23481${unique}`,
    gender: 'Female',
    date_of_birth: '1998-03-14',
    password: PASSWORD,
    verify_password: PASSWORD,
    referral_code: null,
    ...overrides,
  };
}

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

export async function mailsTo(app: FastifyInstance, email: string): Promise<Mail[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/dev/mail?to=${encodeURIComponent(email)}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Mail[] }>().data;
}

/** The code in the newest mail to this address, read as a person would read it. */
export async function latestCode(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await mailsTo(app, email);
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export const post = (app: FastifyInstance, url: string, payload: unknown, headers = {}) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });

export async function register(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const payload = registration(overrides);
  const response = await post(app, '/auth/register', payload);
  expect(response.statusCode, response.body).toBe(201);
  return { payload, user: response.json<{ data: User }>().data };
}

export async function registerAndConfirm(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
) {
  const { payload, user } = await register(app, overrides);
  const otp = await latestCode(app, payload.email);
  const response = await post(app, '/auth/account_otp_verification', {
    otp,
    email: payload.email,
    password: payload.password,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { payload, user };
}

export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === 'karta_refresh')?.value;
}

export interface Session {
  user: User;
  token: string;
  refreshToken: string;
  email: string;
  password: string;
}

export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<LightMyRequestResponse> {
  return post(app, '/auth/login', { email, password, device: 'web' });
}

/** A confirmed, signed-in user: the starting point of most account tests. */
export async function signedInUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<Session> {
  const { payload } = await registerAndConfirm(app, overrides);
  const response = await login(app, payload.email, payload.password);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ token: string; data: User }>();
  const refreshToken = refreshCookieOf(response);
  if (!refreshToken) throw new Error('login set no refresh cookie');
  return {
    user: body.data,
    token: body.token,
    refreshToken,
    email: payload.email,
    password: payload.password,
  };
}

export const currentUser = (app: FastifyInstance, token: string) =>
  app.inject({
    method: 'GET',
    url: '/api/v1/auth/current_user',
    headers: { authorization: token },
  });

/** A response body as tests read it: the envelope of docs/ARCHITECTURE.md#api-conventions with `data` of type T. */
export interface Body<T> {
  status: 'success' | 'error';
  message: string;
  data: T;
  /** The business rule that refused the request, when one did. */
  code?: string;
  errors: { field: string | null; message: string }[];
}
export const bodyOf = <T = unknown>(response: LightMyRequestResponse) => response.json<Body<T>>();
export interface Paged<T> {
  data: T[];
  meta: { page: number; size: number; total: number; totalPages: number };
}
