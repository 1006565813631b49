import { http, HttpResponse } from 'msw';
import { api, failure, success, server, testUser } from './server';

/** The API's words (apps/api/src/features/accounts/step-up.service.ts). */
export const STEP_UP_MESSAGE =
  'Enter the 6-digit code from your authenticator app to confirm this change.';
export const WRONG_CODE_MESSAGE =
  'That code is not right. Enter the 6-digit code your authenticator app shows now.';

/** 401 STEP_UP_REQUIRED as the API answers a change that needs a fresh code (decision 061). */
export const stepUpRequired = () =>
  HttpResponse.json(
    {
      status: 'error',
      message: STEP_UP_MESSAGE,
      code: 'STEP_UP_REQUIRED',
      errors: [{ field: 'x_two_factor_code', message: STEP_UP_MESSAGE }],
    },
    { status: 401 },
  );

/** `stepUp` for `testUser`: `rightCode` steps up, any other is 401 on `code`. Records each body. */
export function serveStepUp(rightCode = '123456') {
  const codes: string[] = [];
  server.use(
    http.post(api(`/user/two_factor/step_up/${testUser.id}`), async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      codes.push(code);
      return code === rightCode
        ? success(
            { stepped_up_until: new Date(Date.now() + 300_000).toISOString() },
            'Confirmed. You have five minutes to make your change.',
          )
        : failure(401, WRONG_CODE_MESSAGE, 'code');
    }),
  );
  return { codes };
}
