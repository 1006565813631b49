import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DOJAH_APP_ID,
  DOJAH_SECRET_KEY,
  DOJAH_TEST_BVN,
  DOJAH_TEST_NIN,
  startFakeDojah,
} from '../../../test/fake-dojah';
import { createDojahIdentity } from './dojah';
import { IdentityUnavailableError } from './identity';

const HOLDER = { firstName: 'Adaeze', lastName: 'Okonkwo', dateOfBirth: '1994-07-21' };
const check = { bvn: DOJAH_TEST_BVN, ...HOLDER };
const NIN_RECORD = {
  first_name: 'OKONKWO',
  middle_name: 'Chinwe',
  last_name: 'ADAEZE',
  date_of_birth: '1994-07-21',
};
const ninLookup = { nin: DOJAH_TEST_NIN, holder: HOLDER };

describe('the Dojah identity provider against a local Dojah contract server', () => {
  let dojah: Awaited<ReturnType<typeof startFakeDojah>>;
  let identity: ReturnType<typeof createDojahIdentity>;
  beforeAll(async () => {
    dojah = await startFakeDojah(
      new Map([[DOJAH_TEST_BVN, HOLDER]]),
      new Map([[DOJAH_TEST_NIN, NIN_RECORD]]),
    );
    identity = createDojahIdentity({
      appId: DOJAH_APP_ID,
      secretKey: DOJAH_SECRET_KEY,
      baseUrl: `${dojah.url}/`,
    });
  });
  afterEach(() => {
    dojah.reset();
  });
  afterAll(() => dojah.close());

  it('asks with the AppId, the bare secret key and the holder in the query, and reads a match', async () => {
    expect(await identity.verifyBvn(check)).toEqual({ matched: true });

    const [request] = dojah.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/api/v1/kyc/bvn');
    expect(request?.headers.appid).toBe(DOJAH_APP_ID);
    expect(request?.headers.authorization).toBe(DOJAH_SECRET_KEY);
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      bvn: DOJAH_TEST_BVN,
      first_name: 'Adaeze',
      last_name: 'Okonkwo',
      dob: '1994-07-21',
    });
  });

  it.each([
    ['first_name', { firstName: 'Chiamaka' }],
    ['last_name', { lastName: 'Eze' }],
    ['date_of_birth', { dateOfBirth: '1994-07-12' }],
  ] as const)('names %s when only it does not match', async (field, change) => {
    expect(await identity.verifyBvn({ ...check, ...change })).toEqual({
      matched: false,
      mismatched: [field],
    });
  });

  it('names every part that does not match', async () => {
    expect(
      await identity.verifyBvn({ ...check, firstName: 'Tunde', dateOfBirth: '1990-01-01' }),
    ).toEqual({ matched: false, mismatched: ['first_name', 'date_of_birth'] });
  });

  it('reads a BVN Dojah calls invalid as the BVN not matching, whatever the names say', async () => {
    dojah.state.override = (_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          entity: {
            bvn: { value: DOJAH_TEST_BVN, status: false },
            first_name: { confidence_value: 0, status: false },
            last_name: { confidence_value: 0, status: false },
            date_of_birth: { status: false },
          },
        }),
      );
      return true;
    };
    expect(await identity.verifyBvn(check)).toEqual({ matched: false, mismatched: ['bvn'] });
  });

  it('reads 404 (no such BVN) and 400 (invalid BVN) as the BVN not matching', async () => {
    expect(await identity.verifyBvn({ ...check, bvn: '22222222223' })).toEqual({
      matched: false,
      mismatched: ['bvn'],
    });
    dojah.failWith(400, 'Invalid BVN');
    expect(await identity.verifyBvn(check)).toEqual({ matched: false, mismatched: ['bvn'] });
  });

  it.each([
    [401, /HTTP 401.*AppId or secret key/],
    [402, /HTTP 402.*out of credit/],
    [424, /HTTP 424.*source behind Dojah is down/],
    [429, /HTTP 429.*rate-limited/],
    [500, /HTTP 500.*failing/],
    [503, /HTTP 503.*failing/],
    [403, /HTTP 403.*do not expect/],
  ])('reads HTTP %i as unavailable, saying why', async (status, reason) => {
    dojah.failWith(status);
    const failure = identity.verifyBvn(check);
    await expect(failure).rejects.toBeInstanceOf(IdentityUnavailableError);
    await expect(failure).rejects.toThrow(reason);
  });

  it('reads wrong keys as unavailable, and never puts the key or the BVN in the reason', async () => {
    const wrongKey = 'test_sk_0000000000000000000000';
    const misconfigured = createDojahIdentity({
      appId: DOJAH_APP_ID,
      secretKey: wrongKey,
      baseUrl: dojah.url,
    });
    const error = await misconfigured.verifyBvn(check).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(IdentityUnavailableError);
    const message = (error as Error).message;
    expect(message).toContain('401');
    for (const secret of [wrongKey, DOJAH_TEST_BVN, HOLDER.lastName, HOLDER.dateOfBirth]) {
      expect(message).not.toContain(secret);
    }
  });

  it('reads a 200 without a status for every field as unavailable: the outcome is unknown', async () => {
    dojah.state.override = (_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ entity: { bvn: { value: DOJAH_TEST_BVN, status: true } } }));
      return true;
    };
    await expect(identity.verifyBvn(check)).rejects.toThrow(/no match status for every field/);
    dojah.state.override = (_request, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
      return true;
    };
    await expect(identity.verifyBvn(check)).rejects.toBeInstanceOf(IdentityUnavailableError);
  });

  it('gives up on an answer that never comes and reads it as unavailable', async () => {
    dojah.state.override = () => true; // Takes the request and never answers.
    const impatient = createDojahIdentity({
      appId: DOJAH_APP_ID,
      secretKey: DOJAH_SECRET_KEY,
      baseUrl: dojah.url,
      timeoutMs: 200,
    });
    const startedAt = Date.now();
    await expect(impatient.verifyBvn(check)).rejects.toThrow(
      new IdentityUnavailableError('Dojah did not answer within 200 ms'),
    );
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it('reads a refused connection as unavailable', async () => {
    const gone = await startFakeDojah(new Map());
    await gone.close();
    const unreachable = createDojahIdentity({
      appId: DOJAH_APP_ID,
      secretKey: DOJAH_SECRET_KEY,
      baseUrl: gone.url,
    });
    await expect(unreachable.verifyBvn(check)).rejects.toThrow(
      new IdentityUnavailableError('Dojah could not be reached (ECONNREFUSED)'),
    );
  });
});

describe('the Dojah NIN lookup against a local Dojah contract server', () => {
  let dojah: Awaited<ReturnType<typeof startFakeDojah>>;
  let identity: ReturnType<typeof createDojahIdentity>;
  beforeAll(async () => {
    dojah = await startFakeDojah(new Map(), new Map([[DOJAH_TEST_NIN, NIN_RECORD]]));
    identity = createDojahIdentity({
      appId: DOJAH_APP_ID,
      secretKey: DOJAH_SECRET_KEY,
      baseUrl: dojah.url,
    });
  });
  afterEach(() => {
    dojah.reset();
  });
  afterAll(() => dojah.close());

  it('asks with the NIN alone and reads the names and date of birth, nothing else', async () => {
    expect(await identity.lookupNin(ninLookup)).toEqual({
      firstName: 'OKONKWO',
      middleName: 'Chinwe',
      lastName: 'ADAEZE',
      dateOfBirth: '1994-07-21',
    });
    const [request] = dojah.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/api/v1/kyc/nin');
    expect(request?.headers.appid).toBe(DOJAH_APP_ID);
    expect(request?.headers.authorization).toBe(DOJAH_SECRET_KEY);
    // The holder is never sent: the lookup contract takes the NIN alone.
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ nin: DOJAH_TEST_NIN });
  });

  it('reads 404 (no such NIN) and 400 (invalid NIN) as no record', async () => {
    expect(await identity.lookupNin({ ...ninLookup, nin: '70123456780' })).toBeNull();
    dojah.failWith(400, 'Invalid NIN');
    expect(await identity.lookupNin(ninLookup)).toBeNull();
  });

  it.each([
    [424, /NIN lookup failed \(HTTP 424\).*NIN source behind Dojah is down/],
    [402, /HTTP 402.*out of credit/],
    [500, /HTTP 500.*failing/],
  ])('reads HTTP %i as unavailable, saying why', async (status, reason) => {
    dojah.failWith(status);
    const failure = identity.lookupNin(ninLookup);
    await expect(failure).rejects.toBeInstanceOf(IdentityUnavailableError);
    await expect(failure).rejects.toThrow(reason);
  });

  it('reads a record without names or a date of birth as unavailable: nothing to compare', async () => {
    dojah.state.override = (_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ entity: { first_name: 'Adaeze', last_name: '' } }));
      return true;
    };
    await expect(identity.lookupNin(ninLookup)).rejects.toThrow(/no names or date of birth/);
  });
});
