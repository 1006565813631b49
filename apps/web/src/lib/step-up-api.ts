import { STEP_UP_FIELDS, type StepUpSchema } from '@karta/shared/schemas/two-factor';
import type { z } from 'zod';
import { isQueryError } from './api-error';
import { baseApi, type Envelope } from './base-api';

type StepUp = z.infer<typeof StepUpSchema>;

/**
 * `stepUp` (docs/api.md, decisions 061 and 062): a code from the authenticator app or a
 * passkey's answer now, so this session needs no other for five minutes for the changes that
 * ask for one. Shared because several features' forms ask for it (components/step-up).
 */
export const stepUpApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    stepUp: build.mutation<
      Envelope<StepUp>,
      { userId: string; body: { code: string } | { passkey: unknown } }
    >({
      query: ({ userId, body }) => ({
        url: `/user/two_factor/step_up/${encodeURIComponent(userId)}`,
        method: 'POST',
        body,
      }),
    }),
    /** The options naming the account's passkeys, for the browser's WebAuthn call. */
    stepUpPasskeyOptions: build.mutation<Envelope<{ options: Record<string, unknown> }>, string>({
      query: (userId) => ({
        url: `/user/two_factor/step_up/options/${encodeURIComponent(userId)}`,
        method: 'POST',
        body: {},
      }),
    }),
  }),
});

export const { useStepUpMutation } = stepUpApi;

/** The ways a STEP_UP_REQUIRED refusal names for this account: its `errors` fields. */
export type StepUpWay = 'totp' | 'passkey';

export function stepUpWaysOf(error: unknown): StepUpWay[] {
  if (!isQueryError(error)) return ['totp'];
  const body = error.data as { errors?: { field?: unknown }[] } | undefined;
  const fields = new Set((body?.errors ?? []).map((entry) => entry.field));
  const ways: StepUpWay[] = [];
  if (fields.has(STEP_UP_FIELDS.totp)) ways.push('totp');
  if (fields.has(STEP_UP_FIELDS.passkey)) ways.push('passkey');
  // An older server named no way but the code.
  return ways.length > 0 ? ways : ['totp'];
}

/**
 * The API's 401 `STEP_UP_REQUIRED`: the change was refused, and nothing changed, because the
 * account has two-step sign-in on and this session gave no code in the last five minutes.
 * Told by its domain code, never by its words (docs/ARCHITECTURE.md#a-request).
 */
export function isStepUpRequired(error: unknown): boolean {
  if (!isQueryError(error) || error.status !== 401) return false;
  const body = error.data as { code?: unknown } | undefined;
  return body?.code === 'STEP_UP_REQUIRED';
}
