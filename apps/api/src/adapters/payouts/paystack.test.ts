import { createHmac } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProviderUnavailableError, type TransferStatus } from './payouts';
import { createPaystackProvider } from './paystack';

const SECRET_KEY = 'sk_test_5d1c0a9e7b3f42c68a1e0d9b7c6f5e4d3c2b1a09';
const DUPLICATE_REFERENCE = 'Duplicate Transfer Reference';

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

type Json = Record<string, unknown>;
/** Answers instead of the contract for one test: a status, a body, headers, or never. */
type Override = (request: Recorded, res: ServerResponse) => boolean;

const paystackBank = (id: number, name: string, code: string, longcode = '', extra: Json = {}) => ({
  name,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  code,
  longcode,
  gateway: null,
  pay_with_bank: false,
  supports_transfer: true,
  active: true,
  country: 'Nigeria',
  currency: 'NGN',
  type: 'nuban',
  is_deleted: false,
  createdAt: '2016-07-14T10:04:29.000Z',
  updatedAt: '2024-02-13T14:16:36.000Z',
  id,
  ...extra,
});

/** Shaped like `GET /bank?country=nigeria`; 130 entries, so 100 a page takes two pages. */
const BANKS = [
  paystackBank(1, 'Access Bank', '044', '044150149'),
  paystackBank(2, 'Guaranty Trust Bank', '058', '058152036'),
  paystackBank(3, 'Parallex Bank', '526', ''),
  paystackBank(4, 'Kuda Bank', '50211', ''),
  paystackBank(5, 'Abbey Mortgage Bank', '801', ''),
  // Not in our CBN list: its 3-digit code is taken from its 9-digit NIP sort code.
  paystackBank(6, 'Example Commercial Bank', '120', '120150013'),
  paystackBank(7, 'Closed Bank', '099', '099150001', { active: false }),
  paystackBank(8, 'Deleted Bank', '098', '098150001', { is_deleted: true }),
  ...Array.from({ length: 122 }, (_, i) =>
    paystackBank(100 + i, `Example Microfinance Bank ${i + 1}`, String(51000 + i)),
  ),
];

/** A local server that answers as Paystack's API reference documents, state in memory. */
async function startPaystack() {
  const requests: Recorded[] = [];
  const accounts = new Map([['058:0152704363', 'ADAEZE NGOZI OBI']]);
  const recipients = new Map<string, Json>();
  const transfers = new Map<string, Json>();
  const state = { override: null as Override | null, createdStatus: 'pending' };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Json = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, message: string) => {
    send(res, status, { status: false, message });
  };

  function answer(request: Recorded, res: ServerResponse) {
    if (state.override?.(request, res)) return;
    if (request.headers.authorization !== `Bearer ${SECRET_KEY}`) {
      refuse(res, 401, 'Invalid key');
      return;
    }
    const route = `${request.method} ${request.path}`;
    if (route === 'GET /bank') {
      const perPage = Math.min(Number(request.query.get('perPage') ?? 50), 100);
      const cursor = request.query.get('next');
      const afterId = cursor ? Number(Buffer.from(cursor, 'base64').toString().split(':')[1]) : 0;
      const page = BANKS.filter((bank) => bank.id > afterId).slice(0, perPage);
      const last = page.at(-1);
      const hasMore = last !== undefined && BANKS.some((bank) => bank.id > last.id);
      send(res, 200, {
        status: true,
        message: 'Banks retrieved',
        data: page,
        meta: {
          next: hasMore ? Buffer.from(`bank:${last.id}`).toString('base64') : null,
          previous: cursor ? Buffer.from(`bank:${afterId}`).toString('base64') : null,
          perPage,
        },
      });
      return;
    }
    if (route === 'GET /bank/resolve') {
      const number = request.query.get('account_number') ?? '';
      const name = accounts.get(`${request.query.get('bank_code') ?? ''}:${number}`);
      if (!name) {
        send(res, 422, {
          status: false,
          message: 'Could not resolve account name. Check parameters or try again.',
          meta: {
            nextStep: 'Ensure that you are passing the correct bank code and account number',
          },
          type: 'validation_error',
          code: 'invalid_params',
        });
        return;
      }
      send(res, 200, {
        status: true,
        message: 'Account number resolved',
        data: { account_number: number, account_name: name, bank_id: 9 },
      });
      return;
    }
    if (route === 'POST /transferrecipient') {
      const body = request.body as Json;
      const code = `RCP_${String(recipients.size + 1).padStart(15, '0')}`;
      const recipient = {
        active: true,
        createdAt: '2025-01-10T09:12:00.000Z',
        currency: body.currency,
        domain: 'test',
        id: 56824902 + recipients.size,
        integration: 463433,
        name: body.name,
        recipient_code: code,
        type: body.type,
        updatedAt: '2025-01-10T09:12:00.000Z',
        is_deleted: false,
        details: {
          authorization_code: null,
          account_number: body.account_number,
          account_name: body.name,
          bank_code: body.bank_code,
          bank_name: 'Guaranty Trust Bank',
        },
      };
      recipients.set(code, recipient);
      send(res, 201, {
        status: true,
        message: 'Transfer recipient created successfully',
        data: recipient,
      });
      return;
    }
    if (route === 'POST /transfer') {
      const body = request.body as Json;
      if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount <= 0) {
        refuse(res, 400, 'Amount should be a positive integer in kobo');
        return;
      }
      if (typeof body.recipient !== 'string' || !recipients.has(body.recipient)) {
        refuse(res, 400, 'Recipient specified is invalid');
        return;
      }
      const reference = String(body.reference);
      if (transfers.has(reference)) {
        refuse(res, 400, DUPLICATE_REFERENCE);
        return;
      }
      const transfer = {
        amount: body.amount,
        createdAt: '2025-01-10T09:15:00.000Z',
        currency: body.currency,
        domain: 'test',
        failures: null,
        id: 860670817 + transfers.size,
        integration: 463433,
        reason: body.reason,
        reference,
        source: body.source,
        source_details: null,
        status: state.createdStatus,
        titan_code: null,
        transfer_code: `TRF_${reference.slice(-12)}`,
        request: 1068403325,
        transferred_at: null,
        updatedAt: '2025-01-10T09:15:00.000Z',
        recipient: recipients.get(body.recipient),
        session: { provider: null, id: null },
        fee_charged: 1000,
        gateway_response: null,
      };
      transfers.set(reference, transfer);
      send(res, 200, {
        status: true,
        message:
          state.createdStatus === 'otp'
            ? 'Transfer requires OTP to continue'
            : 'Transfer has been queued',
        data: { ...transfer, recipient: (transfer.recipient as Json).id },
      });
      return;
    }
    if (route === 'GET /transfer') {
      // "List Transfers": newest first, `from`/`to` inclusive, numbered pages with a pageCount.
      const perPage = Math.min(Number(request.query.get('perPage') ?? 50), 100);
      const page = Number(request.query.get('page') ?? 1);
      const from = request.query.get('from');
      const to = request.query.get('to');
      const listed = [...transfers.values()]
        .filter((transfer) => {
          const at = Date.parse(String(transfer.createdAt));
          return (!from || at >= Date.parse(from)) && (!to || at <= Date.parse(to));
        })
        .sort((a, b) => Date.parse(String(b.createdAt)) - Date.parse(String(a.createdAt)));
      send(res, 200, {
        status: true,
        message: 'Transfers retrieved',
        data: listed.slice((page - 1) * perPage, page * perPage),
        meta: {
          total: listed.length,
          skipped: (page - 1) * perPage,
          perPage,
          page,
          pageCount: Math.ceil(listed.length / perPage),
        },
      });
      return;
    }
    const verify = /^\/transfer\/verify\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && verify) {
      const transfer = transfers.get(decodeURIComponent(verify[1] ?? ''));
      if (!transfer) {
        refuse(res, 404, 'Transfer not found');
        return;
      }
      send(res, 200, { status: true, message: 'Transfer retrieved', data: transfer });
      return;
    }
    refuse(res, 404, 'Not found');
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const raw = Buffer.concat(chunks).toString('utf8');
      const request: Recorded = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: raw === '' ? undefined : (JSON.parse(raw) as unknown),
      };
      requests.push(request);
      answer(request, res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    accounts,
    transfers,
    state,
    /** What Paystack later reports for a transfer (its status, and fields such as failures). */
    settle(reference: string, fields: Json) {
      const transfer = transfers.get(reference);
      if (!transfer) throw new Error(`no transfer ${reference}`);
      Object.assign(transfer, fields);
    },
    reset() {
      requests.length = 0;
      recipients.clear();
      transfers.clear();
      state.override = null;
      state.createdStatus = 'pending';
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

type FakePaystack = Awaited<ReturnType<typeof startPaystack>>;

const sign = (body: string, key = SECRET_KEY) =>
  createHmac('sha512', key).update(body).digest('hex');

/** Paystack's documented `transfer.*` webhook payload. */
const transferEvent = (event: string, reference: string, status: string) =>
  JSON.stringify({
    event,
    data: {
      amount: 500000,
      currency: 'NGN',
      domain: 'live',
      failures: null,
      id: 37272792,
      integration: { id: 463433, is_live: true, business_name: 'Karta' },
      reason: 'Karta withdrawal',
      reference,
      source: 'balance',
      source_details: null,
      status,
      titan_code: null,
      transfer_code: 'TRF_wpl1dem4967avzm',
      transferred_at: null,
      recipient: {
        active: true,
        currency: 'NGN',
        domain: 'live',
        id: 8690817,
        integration: 463433,
        name: 'ADAEZE NGOZI OBI',
        recipient_code: 'RCP_a8wkxiychzdzfgs',
        type: 'nuban',
        is_deleted: false,
        details: {
          account_number: '0152704363',
          account_name: null,
          bank_code: '058',
          bank_name: 'Guaranty Trust Bank',
        },
      },
      session: { provider: 'nip', id: '110006250110091500000000000001' },
      created_at: '2025-01-10T09:15:00.000Z',
      updated_at: '2025-01-10T09:15:03.000Z',
    },
  });

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as Error,
  );

describe('the Paystack payout provider against a local Paystack contract server', () => {
  let paystack: FakePaystack;
  let provider: ReturnType<typeof createPaystackProvider>;
  const REFERENCE = 'wd_0193f2b7c1d07a6e9f3b2c1d0e4f5a6b';

  beforeAll(async () => {
    paystack = await startPaystack();
    provider = createPaystackProvider({ secretKey: SECRET_KEY, baseUrl: paystack.url });
  });
  afterEach(() => {
    paystack.reset();
  });
  afterAll(() => paystack.close());

  const startTransfer = async (reference = REFERENCE, amountKobo = 12_345_600n) => {
    const recipient = await provider.createRecipient({
      bankCode: '058',
      accountNumber: '0152704363',
      accountName: 'ADAEZE NGOZI OBI',
    });
    return provider.startTransfer({ reference, recipient, amountKobo, reason: 'Karta withdrawal' });
  };

  it('lists the banks over every cursor page, with CBN codes where one is known', async () => {
    const banks = await provider.listBanks();

    expect(provider.name).toBe('paystack');
    expect(banks).toHaveLength(128);
    expect(banks.slice(0, 6)).toEqual([
      { code: '044', name: 'Access Bank', cbnCode: '044' },
      { code: '058', name: 'Guaranty Trust Bank', cbnCode: '058' },
      { code: '526', name: 'Parallex Bank', cbnCode: '104' },
      { code: '50211', name: 'Kuda Bank', cbnCode: null },
      { code: '801', name: 'Abbey Mortgage Bank', cbnCode: null },
      { code: '120', name: 'Example Commercial Bank', cbnCode: '120' },
    ]);
    expect(banks.at(-1)).toEqual({
      code: '51121',
      name: 'Example Microfinance Bank 122',
      cbnCode: null,
    });
    expect(banks.map((bank) => bank.name)).not.toContain('Closed Bank');
    expect(banks.map((bank) => bank.name)).not.toContain('Deleted Bank');

    expect(paystack.requests).toHaveLength(2);
    const [first, second] = paystack.requests as [Recorded, Recorded];
    for (const request of [first, second]) {
      expect(request.method).toBe('GET');
      expect(request.path).toBe('/bank');
      expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
      expect(request.query.get('country')).toBe('nigeria');
      expect(request.query.get('currency')).toBe('NGN');
      expect(request.query.get('perPage')).toBe('100');
      expect(request.query.get('use_cursor')).toBe('true');
    }
    expect(first.query.get('next')).toBeNull();
    expect(Buffer.from(second.query.get('next') ?? '', 'base64').toString()).toBe('bank:191');
  });

  it('resolves an account number to its name, and answers null when Paystack cannot', async () => {
    expect(await provider.resolveAccount({ bankCode: '058', accountNumber: '0152704363' })).toBe(
      'ADAEZE NGOZI OBI',
    );
    expect(
      await provider.resolveAccount({ bankCode: '058', accountNumber: '0152704364' }),
    ).toBeNull();

    const [resolved] = paystack.requests as [Recorded];
    expect(resolved.method).toBe('GET');
    expect(resolved.path).toBe('/bank/resolve');
    expect(resolved.query.get('account_number')).toBe('0152704363');
    expect(resolved.query.get('bank_code')).toBe('058');
    expect(resolved.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it("answers the bank's name whoever Karta expects, and never sends the expected holder (decision 064)", async () => {
    const expectedHolder = { firstName: 'Chidinma', lastName: 'Eze' };
    expect(
      await provider.resolveAccount({
        bankCode: '058',
        accountNumber: '0152704363',
        expectedHolder,
      }),
    ).toBe('ADAEZE NGOZI OBI');
    const [resolved] = paystack.requests as [Recorded];
    expect([...resolved.query.keys()].sort()).toEqual(['account_number', 'bank_code']);
    expect(JSON.stringify(resolved)).not.toMatch(/Chidinma|Eze\b/);
  });

  it('also reads the older 400 answer to an unresolvable account as null', async () => {
    paystack.state.override = (request, res) => {
      if (request.path !== '/bank/resolve') return false;
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          status: false,
          message: 'Could not resolve account name. Check parameters or try again.',
        }),
      );
      return true;
    };
    expect(
      await provider.resolveAccount({ bankCode: '058', accountNumber: '0152704363' }),
    ).toBeNull();
  });

  it('creates a nuban recipient in naira with a JSON body', async () => {
    const code = await provider.createRecipient({
      bankCode: '058',
      accountNumber: '0152704363',
      accountName: 'ADAEZE NGOZI OBI',
    });

    expect(code).toMatch(/^RCP_/);
    const [request] = paystack.requests as [Recorded];
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/transferrecipient');
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      type: 'nuban',
      name: 'ADAEZE NGOZI OBI',
      account_number: '0152704363',
      bank_code: '058',
      currency: 'NGN',
    });
  });

  it('starts a transfer from the balance with our reference and the amount in integer kobo', async () => {
    const transfer = await startTransfer(REFERENCE, 12_345_600n);

    expect(transfer).toEqual({ reference: REFERENCE, status: 'pending', reason: null });
    const request = paystack.requests.at(-1) as Recorded;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/transfer');
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      source: 'balance',
      amount: 12_345_600,
      recipient: 'RCP_000000000000001',
      reference: REFERENCE,
      reason: 'Karta withdrawal',
      currency: 'NGN',
    });
    expect(Number.isInteger((request.body as Json).amount)).toBe(true);
  });

  it('reads a transfer waiting for its OTP as pending', async () => {
    paystack.state.createdStatus = 'otp';
    expect(await startTransfer()).toEqual({
      reference: REFERENCE,
      status: 'pending',
      reason: null,
    });
  });

  it('answers a duplicate reference with the existing transfer instead of failing', async () => {
    await startTransfer();
    paystack.settle(REFERENCE, { status: 'success' });

    const again = await startTransfer();

    expect(again).toEqual({ reference: REFERENCE, status: 'succeeded', reason: null });
    expect(paystack.transfers.size).toBe(1);
    expect(paystack.requests.map((r) => `${r.method} ${r.path}`).slice(-2)).toEqual([
      'POST /transfer',
      `GET /transfer/verify/${REFERENCE}`,
    ]);
  });

  it.each([
    'Transfer reference already exists',
    'Please provide a unique reference. Reference already exists on a transfer',
  ])('recognises the duplicate reference answer "%s"', async (message) => {
    await startTransfer();
    paystack.state.override = (request, res) => {
      if (request.path !== '/transfer') return false;
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: false, message }));
      return true;
    };
    expect(await startTransfer()).toEqual({
      reference: REFERENCE,
      status: 'pending',
      reason: null,
    });
  });

  it('refuses amounts that are not a positive safe integer of kobo before calling', async () => {
    const recipient = 'RCP_000000000000001';
    for (const amountKobo of [0n, -100n, 2n ** 53n]) {
      await expect(
        provider.startTransfer({ reference: REFERENCE, recipient, amountKobo, reason: 'x' }),
      ).rejects.toThrow(/cannot be sent/);
    }
    expect(paystack.requests).toHaveLength(0);
  });

  it('gets a transfer by reference, and null when Paystack never saw it', async () => {
    await startTransfer();
    expect(await provider.getTransfer(REFERENCE)).toEqual({
      reference: REFERENCE,
      status: 'pending',
      reason: null,
    });
    expect(await provider.getTransfer('wd_00000000000000000000000000000000')).toBeNull();
  });

  describe('listing transfers (List Transfers, for the after-restore check)', () => {
    const MINUTE = 60_000;
    const START = Date.parse('2026-03-02T10:00:00.000Z');
    const referenceNo = (i: number) => `wd_${i.toString(16).padStart(32, '0')}`;

    /** 250 transfers a minute apart from START, as Paystack keeps them (amounts in kobo). */
    function madeTransfers(count = 250) {
      for (let i = 0; i < count; i += 1) {
        paystack.transfers.set(referenceNo(i), {
          amount: 100_000 + i,
          currency: 'NGN',
          reference: referenceNo(i),
          status: i % 3 === 0 ? 'success' : i % 3 === 1 ? 'pending' : 'failed',
          failures: null,
          gateway_response: i % 3 === 2 ? 'Beneficiary bank not available' : null,
          reason: 'Karta withdrawal',
          transfer_code: `TRF_${String(i)}`,
          createdAt: new Date(START + i * MINUTE).toISOString(),
          updatedAt: new Date(START + i * MINUTE + 3_000).toISOString(),
        });
      }
    }

    it('follows every page and keeps only the window, oldest first, amounts in kobo', async () => {
      madeTransfers();
      const from = new Date(START + 10 * MINUTE);
      const to = new Date(START + 240 * MINUTE);

      const listed = await provider.listTransfers({ from, to });

      // 10…239: 230 transfers; `to` itself (240) is outside our window though Paystack sends it.
      expect(listed).toHaveLength(230);
      expect(listed[0]).toEqual({
        reference: referenceNo(10),
        status: 'pending',
        reason: null,
        amountKobo: 100_010n,
        createdAt: new Date(START + 10 * MINUTE),
      });
      expect(listed[1]).toMatchObject({
        reference: referenceNo(11),
        status: 'failed',
        reason: 'Beneficiary bank not available',
      });
      expect(listed.at(-1)).toMatchObject({ reference: referenceNo(239), status: 'failed' });
      expect(new Set(listed.map((t) => t.reference)).size).toBe(230);

      // Three pages of 100 (231 match Paystack's inclusive window), each with the window sent.
      expect(paystack.requests.map((r) => r.query.get('page'))).toEqual(['1', '2', '3']);
      for (const request of paystack.requests) {
        expect(`${request.method} ${request.path}`).toBe('GET /transfer');
        expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
        expect(request.query.get('perPage')).toBe('100');
        expect(request.query.get('from')).toBe(from.toISOString());
        expect(request.query.get('to')).toBe(to.toISOString());
      }
    });

    it('lists up to now when no end is given, and nothing when nothing was made', async () => {
      expect(await provider.listTransfers({ from: new Date(START) })).toEqual([]);
      expect(paystack.requests).toHaveLength(1);
      expect(paystack.requests[0]?.query.has('to')).toBe(false);

      madeTransfers(5);
      const listed = await provider.listTransfers({ from: new Date(START + 2 * MINUTE) });
      expect(listed.map((t) => t.reference)).toEqual([2, 3, 4].map(referenceNo));
    });

    it('reads a transfer listed twice (pages shifted by a new one) once', async () => {
      madeTransfers(150);
      paystack.state.override = (request, res) => {
        if (request.path !== '/transfer' || request.query.get('page') !== '2') return false;
        // Between the two pages a transfer was made: the last of page 1 comes again on page 2.
        const again = [...paystack.transfers.values()]
          .sort((a, b) => Date.parse(String(b.createdAt)) - Date.parse(String(a.createdAt)))
          .slice(99, 150);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            status: true,
            message: 'Transfers retrieved',
            data: again,
            meta: { total: 151, skipped: 100, perPage: 100, page: 2, pageCount: 2 },
          }),
        );
        return true;
      };
      const listed = await provider.listTransfers({ from: new Date(START) });
      expect(listed).toHaveLength(150);
      expect(new Set(listed.map((t) => t.reference)).size).toBe(150);
    });

    it('reads a Paystack down on a later page as unavailable, not as fewer transfers', async () => {
      madeTransfers();
      paystack.state.override = (request, res) => {
        if (request.query.get('page') !== '2') return false;
        res.writeHead(503, { 'content-type': 'text/html' });
        res.end('<html>Service unavailable</html>');
        return true;
      };
      const error = await failureOf(provider.listTransfers({ from: new Date(START) }));
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect(error.message).not.toContain(SECRET_KEY);
    });

    it('refuses to go on with a transfer of ours whose amount cannot be read', async () => {
      madeTransfers(3);
      paystack.settle(referenceNo(1), { amount: '1000.50' });
      const error = await failureOf(provider.listTransfers({ from: new Date(START) }));
      expect(error).not.toBeInstanceOf(ProviderUnavailableError);
      expect(error.message).toContain(referenceNo(1));
    });
  });

  const MAPPING: [string, TransferStatus][] = [
    ['pending', 'pending'],
    ['received', 'pending'],
    ['otp', 'pending'],
    ['success', 'succeeded'],
    ['failed', 'failed'],
    ['abandoned', 'failed'],
    ['blocked', 'failed'],
    ['rejected', 'failed'],
    ['reversed', 'reversed'],
  ];

  it.each(MAPPING)('maps Paystack status "%s" to %s', async (paystackStatus, status) => {
    await startTransfer();
    paystack.settle(REFERENCE, { status: paystackStatus });

    const transfer = await provider.getTransfer(REFERENCE);

    expect(transfer?.status).toBe(status);
    if (status === 'failed' || status === 'reversed') {
      expect(transfer?.reason).toBe(`Paystack reported the transfer as ${paystackStatus}`);
    } else {
      expect(transfer?.reason).toBeNull();
    }
  });

  it('takes the failure reason from failures or the gateway response, never the narration', async () => {
    await startTransfer();
    paystack.settle(REFERENCE, {
      status: 'failed',
      gateway_response: 'Beneficiary bank not available',
    });
    expect((await provider.getTransfer(REFERENCE))?.reason).toBe('Beneficiary bank not available');

    paystack.settle(REFERENCE, { status: 'reversed', failures: { reason: 'Dormant account' } });
    expect((await provider.getTransfer(REFERENCE))?.reason).toBe('Dormant account');
  });

  it('keeps an unknown future status pending rather than calling it failed', async () => {
    await startTransfer();
    paystack.settle(REFERENCE, { status: 'processing' });
    expect((await provider.getTransfer(REFERENCE))?.status).toBe('pending');
  });

  it('reads 429 as unavailable, with x-ratelimit-reset as the seconds to wait', async () => {
    paystack.state.override = (_request, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'x-ratelimit-reset': '42' });
      res.end(JSON.stringify({ status: false, message: 'Too many requests' }));
      return true;
    };
    const error = await failureOf(provider.getTransfer(REFERENCE));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).toMatchObject({ retryAfterSeconds: 42 });
  });

  it.each([500, 502, 503])('reads %i as unavailable, not as a failed transfer', async (status) => {
    paystack.state.override = (_request, res) => {
      res.writeHead(status, { 'content-type': 'text/html' });
      res.end('<html><body>Bad gateway</body></html>');
      return true;
    };
    const recipient = 'RCP_000000000000001';
    const error = await failureOf(
      provider.startTransfer({
        reference: REFERENCE,
        recipient,
        amountKobo: 100_000n,
        reason: 'x',
      }),
    );
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).toMatchObject({ retryAfterSeconds: undefined });
    expect(error.message).not.toContain(SECRET_KEY);
  });

  it('gives up on an answer that never comes and reads it as unavailable', async () => {
    paystack.state.override = () => true; // Accepts the request and never answers.
    const impatient = createPaystackProvider({
      secretKey: SECRET_KEY,
      baseUrl: paystack.url,
      timeoutMs: 200,
    });
    const startedAt = Date.now();
    const error = await failureOf(impatient.getTransfer(REFERENCE));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toMatch(/did not answer within 200 ms/);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it('reads an unreachable Paystack as unavailable', async () => {
    const gone = await startPaystack();
    await gone.close();
    const unreachable = createPaystackProvider({ secretKey: SECRET_KEY, baseUrl: gone.url });
    expect(await failureOf(unreachable.listBanks())).toBeInstanceOf(ProviderUnavailableError);
  });

  it('reads an unreadable 200 as unavailable: the outcome is unknown', async () => {
    paystack.state.override = (_request, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
      return true;
    };
    expect(await failureOf(provider.getTransfer(REFERENCE))).toBeInstanceOf(
      ProviderUnavailableError,
    );
  });

  it('throws a plain error with Paystack’s words for a bad key, without the key', async () => {
    const wrongKey = 'sk_test_0000000000000000000000000000000000000000';
    const misconfigured = createPaystackProvider({ secretKey: wrongKey, baseUrl: paystack.url });
    const error = await failureOf(misconfigured.listBanks());
    expect(error).not.toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toContain('Invalid key');
    expect(error.message).toContain('401');
    expect(error.message).not.toContain(wrongKey);
    expect(error.message).not.toContain(SECRET_KEY);
  });

  it('throws a plain error for any other refusal, such as an unknown recipient', async () => {
    const error = await failureOf(
      provider.startTransfer({
        reference: REFERENCE,
        recipient: 'RCP_doesnotexist00',
        amountKobo: 100_000n,
        reason: 'x',
      }),
    );
    expect(error).not.toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toContain('Recipient specified is invalid');
  });

  describe('webhooks', () => {
    const headersFor = (body: string, signature = sign(body)) => ({
      'x-paystack-signature': signature,
      'content-type': 'application/json',
    });

    it.each([
      ['transfer.success', 'success', 'succeeded'],
      ['transfer.failed', 'failed', 'failed'],
      ['transfer.reversed', 'reversed', 'reversed'],
    ] as const)('accepts a correctly signed %s', (event, paystackStatus, status) => {
      const body = transferEvent(event, REFERENCE, paystackStatus);
      expect(provider.parseWebhook(Buffer.from(body), headersFor(body))).toEqual({
        event,
        reference: REFERENCE,
        status,
      });
    });

    it('finds the signature header whatever its case', () => {
      const body = transferEvent('transfer.success', REFERENCE, 'success');
      expect(
        provider.parseWebhook(Buffer.from(body), { 'X-Paystack-Signature': sign(body) }),
      ).toMatchObject({ reference: REFERENCE, status: 'succeeded' });
    });

    it('refuses a tampered body, a wrong or missing signature', () => {
      const body = transferEvent('transfer.success', REFERENCE, 'success');
      const tampered = body.replace('500000', '900000');
      const raw = Buffer.from(body);
      expect(provider.parseWebhook(Buffer.from(tampered), headersFor(body, sign(body)))).toBeNull();
      expect(provider.parseWebhook(raw, headersFor(body, sign(body, 'sk_test_other')))).toBeNull();
      expect(provider.parseWebhook(raw, headersFor(body, sign(body).slice(0, 64)))).toBeNull();
      expect(provider.parseWebhook(raw, headersFor(body, sign(body).toUpperCase()))).toBeNull();
      expect(provider.parseWebhook(raw, headersFor(body, ''))).toBeNull();
      expect(provider.parseWebhook(raw, { 'content-type': 'application/json' })).toBeNull();
      expect(provider.parseWebhook(raw, { 'x-paystack-signature': [sign(body), 'x'] })).toBeNull();
    });

    it('ignores signed events it does not handle and signed bodies that are not JSON', () => {
      const charge = transferEvent('charge.success', REFERENCE, 'success');
      expect(provider.parseWebhook(Buffer.from(charge), headersFor(charge))).toBeNull();
      const garbage = '{"event":"transfer.success",';
      expect(provider.parseWebhook(Buffer.from(garbage), headersFor(garbage))).toBeNull();
      const noReference = JSON.stringify({
        event: 'transfer.success',
        data: { status: 'success' },
      });
      expect(provider.parseWebhook(Buffer.from(noReference), headersFor(noReference))).toBeNull();
    });
  });
});
