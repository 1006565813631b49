import type { StepUpSchema } from '@karta/shared/schemas/two-factor';
import type { z } from 'zod';
import { isQueryError } from './api-error';
import { baseApi, type Envelope } from './base-api';

type StepUp = z.infer<typeof StepUpSchema>;

/**
 * `stepUp` (docs/api.md, decision 061): a code from the authenticator app now, so this session
 * needs no other for five minutes for the changes that ask for one. Shared because several
 * features' forms ask for it (components/step-up).
 */
const stepUpApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    stepUp: build.mutation<Envelope<StepUp>, { userId: string; code: string }>({
      query: ({ userId, code }) => ({
        url: `/user/two_factor/step_up/${encodeURIComponent(userId)}`,
        method: 'POST',
        body: { code },
      }),
    }),
  }),
});

export const { useStepUpMutation } = stepUpApi;

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
