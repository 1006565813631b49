import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unavailableIdentity } from '../../adapters/identity/identity';
import { bodyOf, currentUser, post, signedInUser } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/create-test-app';

describe('BVN verification without an identity provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ identity: unavailableIdentity });
  });
  afterAll(() => t.close());

  it('answers 503 and leaves the account unverified', async () => {
    const user = await signedInUser(t.app);
    const response = await post(
      t.app,
      `/user/verify_kyc/${user.user.id}`,
      { bvn: '22334455667' },
      { authorization: user.token },
    );
    expect(response.statusCode).toBe(503);
    expect(bodyOf(response).errors[0]).toEqual({
      field: 'bvn',
      message: 'BVN verification is not available right now. Please contact support.',
    });
    const me = bodyOf<{ kyc_verified: boolean }>(await currentUser(t.app, user.token));
    expect(me.data.kyc_verified).toBe(false);
  });
});

describe('BVN verification with the sandbox identity provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['01000000000', 'This BVN does not match your first name.'],
    ['02000000000', 'This BVN does not match your last name.'],
    ['03000000000', 'This BVN does not match your date of birth.'],
    ['04000000000', 'This BVN is not valid or could not be found. Check its 11 digits.'],
    ['09000000000', 'This BVN does not match your first name, last name and date of birth.'],
  ])('refuses %s saying which part does not match', async (bvn, message) => {
    const user = await signedInUser(t.app);
    const response = await post(
      t.app,
      `/user/verify_kyc/${user.user.id}`,
      { bvn },
      { authorization: user.token },
    );
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).errors[0]).toEqual({ field: 'bvn', message });
    const me = bodyOf<{ kyc_verified: boolean }>(await currentUser(t.app, user.token));
    expect(me.data.kyc_verified).toBe(false);
  });
});
