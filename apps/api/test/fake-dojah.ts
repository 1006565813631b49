import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const DOJAH_APP_ID = '6571f0c2d9a1e3b4c5d6e7f8';
export const DOJAH_SECRET_KEY = 'test_sk_Zq8rV2mXk4Lw9Ny7Bt3Hc6Jd';
/** The BVN Dojah's sandbox documents for tests ("Test Credentials for Sandbox"). */
export const DOJAH_TEST_BVN = '22222222222';
/** The NIN Dojah's sandbox documents for its NIN lookup. */
export const DOJAH_TEST_NIN = '70123456789';

/** A NIN register entry as Dojah's lookup answers it (the parts Karta reads, and some it never keeps). */
export interface NinRecord {
  first_name: string;
  middle_name: string;
  last_name: string;
  /** yyyy-MM-dd */
  date_of_birth: string;
}

interface BvnRecord {
  firstName: string;
  lastName: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
}

interface DojahRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

/** Answers instead of the contract for one test: a status, a body, or never. */
type Override = (request: DojahRequest, res: ServerResponse) => boolean;

const sameName = (given: string, held: string) =>
  given.trim().toLowerCase() === held.trim().toLowerCase();

const fieldMatch = (status: boolean) => ({ confidence_value: status ? 100 : 0, status });

/**
 * A local server answering `GET /api/v1/kyc/bvn` as Dojah's KYC reference documents: `AppId`
 * and the bare secret key in `Authorization`, the query `bvn`, `first_name`, `last_name`, `dob`,
 * and per field a match status, never the record itself. `people` is the BVN registry it knows.
 * And `GET /api/v1/kyc/nin?nin=` (Lookup NIN): the register's record under `entity`, with the
 * photo and phone number a real answer carries; `nins` is the NIN register it knows.
 */
export async function startFakeDojah(
  people: ReadonlyMap<string, BvnRecord>,
  nins: ReadonlyMap<string, NinRecord> = new Map(),
) {
  const requests: DojahRequest[] = [];
  const state = { override: null as Override | null };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  function answer(request: DojahRequest, res: ServerResponse) {
    if (state.override?.(request, res)) return;
    const isNin = request.path === '/api/v1/kyc/nin';
    if ((request.path !== '/api/v1/kyc/bvn' && !isNin) || request.method !== 'GET') {
      send(res, 404, { error: 'Not found' });
      return;
    }
    if (
      request.headers.appid !== DOJAH_APP_ID ||
      request.headers.authorization !== DOJAH_SECRET_KEY
    ) {
      send(res, 401, { error: 'Unauthorized' });
      return;
    }
    if (isNin) {
      const nin = request.query.get('nin') ?? '';
      if (!/^\d{11}$/.test(nin)) {
        send(res, 400, { error: 'Invalid NIN' });
        return;
      }
      const record = nins.get(nin);
      if (!record) {
        send(res, 404, { error: 'NIN not found' });
        return;
      }
      send(res, 200, {
        entity: { ...record, nin, gender: 'F', phone_number: '08012345678', image: '/9j/4AAQSk' },
      });
      return;
    }
    const param = (name: string) => request.query.get(name) ?? '';
    const [bvn, firstName, lastName, dob] = [
      param('bvn'),
      param('first_name'),
      param('last_name'),
      param('dob'),
    ];
    if (!/^\d{11}$/.test(bvn) || !firstName || !lastName || !/^\d{4}-\d{2}-\d{2}$/.test(dob)) {
      send(res, 400, { error: 'Invalid BVN or parameters' });
      return;
    }
    const held = people.get(bvn);
    if (!held) {
      send(res, 404, { error: 'BVN not found' });
      return;
    }
    send(res, 200, {
      entity: {
        bvn: { value: bvn, status: true },
        first_name: fieldMatch(sameName(firstName, held.firstName)),
        last_name: fieldMatch(sameName(lastName, held.lastName)),
        date_of_birth: { status: dob === held.dateOfBirth },
      },
    });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const request = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
    };
    requests.push(request);
    req.resume();
    req.on('end', () => {
      answer(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    /** Every later request gets this status and Dojah's `{ error }` body. */
    failWith(status: number, error = 'Failed') {
      state.override = (_request, res) => {
        send(res, status, { error });
        return true;
      };
    },
    reset() {
      requests.length = 0;
      state.override = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
