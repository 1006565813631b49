import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Trade } from '@karta/shared/schemas/trades';
import type { Database } from '../src/db/client';
import { insertCard, insertSubcategory } from './catalog';
import type { Session } from './accounts';

export interface UploadFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body's pieces, each file cut into pieces of at most `piece` bytes. */
function multipartPieces(
  fields: Record<string, string>,
  files: UploadFile[],
  field: string,
  piece = Infinity,
) {
  const boundary = `----karta-test-${String(Math.random()).slice(2)}`;
  const pieces: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    for (let at = 0; at < file.bytes.length; at += piece) {
      pieces.push(file.bytes.subarray(at, Math.min(at + piece, file.bytes.length)));
    }
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { pieces, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart/form-data body, built by hand so tests control every byte of it. */
export function multipart(fields: Record<string, string>, files: UploadFile[], field = 'images') {
  const { pieces, headers } = multipartPieces(fields, files, field);
  return { payload: Buffer.concat(pieces), headers };
}

/**
 * The same body sent as a stream, each file in 64 KiB pieces counted from its first byte, as a
 * browser or curl sends a file on a fast connection: against a limit that is a multiple of
 * 64 KiB (2 and 5 MiB), a piece ends exactly on the limit. `payload()` is a new stream each call.
 */
export function streamedMultipart(
  fields: Record<string, string>,
  files: UploadFile[],
  field = 'images',
) {
  const { pieces, headers } = multipartPieces(fields, files, field, 64 * 1024);
  return { payload: () => Readable.from(pieces), headers };
}

let photosMade = 0;

/**
 * A real JPEG photo (noise, so it does not compress to nothing), with EXIF metadata in it. Each
 * call draws other noise: the same pixels twice would be the same photo, which duplicate
 * detection rightly links (test/card-shots.ts makes look-alikes on purpose).
 */
export async function cardPhoto(width = 640, height = 400): Promise<UploadFile> {
  photosMade += 1;
  const step = 7919 + 2 * photosMade;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * step) % 251;
  const bytes = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'KartaTestCam', Copyright: 'secret-location' } })
    .toBuffer();
  return { name: 'card.jpg', type: 'image/jpeg', bytes };
}

/** A card with one subcategory at ₦1,180 per USD, $10–$500. */
export async function tradableSubcategory(db: Database) {
  const card = await insertCard(db, { name: `Amazon ${String(Math.random()).slice(2, 8)}` });
  const subcategory = await insertSubcategory(db, card.id, {
    name: 'USA physical $10–$500',
    rateKobo: 118_000n,
    minAmount: 10,
    maxAmount: 500,
  });
  return { card, subcategory };
}

export async function addTrade(
  app: FastifyInstance,
  session: Session,
  fields: Record<string, string>,
  files: UploadFile[],
) {
  const body = multipart(fields, files);
  return app.inject({
    method: 'POST',
    url: '/api/v1/trade/add_trade',
    payload: body.payload,
    headers: { ...body.headers, authorization: session.token },
  });
}

/** A pending trade of `amount` USD in the subcategory, with one photo. */
export async function submitTrade(
  app: FastifyInstance,
  session: Session,
  subcategoryId: string,
  amount = 100,
): Promise<Trade> {
  const response = await addTrade(
    app,
    session,
    { subcategory_id: subcategoryId, amount: String(amount) },
    [await cardPhoto(64, 40)],
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Trade }>().data;
}

export const approve = (
  app: FastifyInstance,
  operator: Session,
  tradeId: string,
  body: Record<string, unknown> = {},
) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/admin/trades/${tradeId}/approve`,
    payload: body,
    headers: { authorization: operator.token },
  });

export const reject = (
  app: FastifyInstance,
  operator: Session,
  tradeId: string,
  body: Record<string, unknown>,
) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/admin/trades/${tradeId}/reject`,
    payload: body,
    headers: { authorization: operator.token },
  });

/** The seller cancels their own trade (POST /trade/cancel_trade/{user_id}). */
export const cancelTrade = (app: FastifyInstance, seller: Session, tradeId: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/trade/cancel_trade/${seller.user.id}`,
    payload: { trade_id: tradeId },
    headers: { authorization: seller.token },
  });

export async function walletOf(app: FastifyInstance, session: Session) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/transaction/wallet/${session.user.id}`,
    headers: { authorization: session.token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { balance: number; pending_withdrawals: number } }>().data;
}

/** An operator's step on a trade under review, with a JSON body (empty when it takes none). */
export const reviewStep = (
  app: FastifyInstance,
  operator: Session,
  tradeId: string,
  step: 'request_info' | 'confirm_approval' | 'return_approval',
  body: Record<string, unknown> = {},
) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/admin/trades/${tradeId}/${step}`,
    payload: body,
    headers: { authorization: operator.token },
  });

/** The seller answers our question: `comment` and photos, as the dashboard sends them. */
export async function respondToTrade(
  app: FastifyInstance,
  seller: Session,
  fields: Record<string, string>,
  files: UploadFile[] = [],
  userId = seller.user.id,
) {
  const body = multipart(fields, files);
  return app.inject({
    method: 'POST',
    url: `/api/v1/trade/respond_trade/${userId}`,
    payload: body.payload,
    headers: { ...body.headers, authorization: seller.token },
  });
}

/** The trade as its seller reads it. */
export async function sellerView(app: FastifyInstance, seller: Session, tradeId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/trade/fetch_trade/${seller.user.id}?trade_id=${tradeId}`,
    headers: { authorization: seller.token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Trade }>().data;
}

/** The seller answers our lower offer: `accept` true credits it, false declines the trade. */
export const answerOffer = (
  app: FastifyInstance,
  seller: Session,
  tradeId: string,
  accept: boolean,
  userId = seller.user.id,
) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/trade/answer_offer/${userId}`,
    payload: { trade_id: tradeId, accept },
    headers: { authorization: seller.token },
  });

/**
 * Approves at `naira`; below the expected value that is an offer (decision 037), which the
 * seller accepts, so the trade ends approved and credited at `naira` either way.
 */
export async function approveAtValue(
  app: FastifyInstance,
  options: { operator: Session; seller: Session; tradeId: string; naira: number },
) {
  const approved = await approve(app, options.operator, options.tradeId, {
    final_value: options.naira,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  if (approved.json<{ data: Trade }>().data.status !== 'counter_offered') return approved;
  const accepted = await answerOffer(app, options.seller, options.tradeId, true);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted;
}
