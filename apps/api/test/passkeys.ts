import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bodyOf, post, type Session } from './accounts';

/**
 * A software passkey authenticator, as a phone's would answer the browser: an ES256 key made
 * with node:crypto, a `none` attestation, authenticator data with the user present and verified
 * (and, when made, the attested credential), and client data naming the challenge and origin.
 * The server's WebAuthn library checks its answers exactly as it checks a real device's.
 */
export interface SoftPasskey {
  credentialId: string;
  /** The user handle the options named (base64url), given back with each signature. */
  userHandle: string | undefined;
  privateKey: KeyObject;
  counter: number;
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

function clientData(type: string, challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function counterBytes(counter: number) {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

interface Place {
  rpId?: string;
  origin?: string;
  /** Leave user verification out (a key that only checked presence). */
  withoutVerification?: boolean;
}

const DEFAULT_RP = 'localhost';
const DEFAULT_ORIGIN = 'http://localhost:3000';

/** Answers registration options (what `startRegistration` sends): a new passkey and the answer. */
export function createPasskey(
  options: { challenge: string; user: { id: string } },
  place: Place = {},
) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
    [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
  ]);
  const credentialId = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const flags = UP | AT | (place.withoutVerification ? 0 : UV);
  const authData = Buffer.concat([
    sha256(place.rpId ?? DEFAULT_RP),
    Buffer.from([flags]),
    counterBytes(0),
    Buffer.alloc(16),
    idLength,
    credentialId,
    Buffer.from(isoCBOR.encode(cose)),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]) as never,
  );
  const id = isoBase64URL.fromBuffer(credentialId);
  const passkey: SoftPasskey = {
    credentialId: id,
    userHandle: options.user.id,
    privateKey,
    counter: 0,
  };
  const response = {
    id,
    rawId: id,
    type: 'public-key',
    response: {
      clientDataJSON: isoBase64URL.fromBuffer(
        clientData('webauthn.create', options.challenge, place.origin ?? DEFAULT_ORIGIN),
      ),
      attestationObject: isoBase64URL.fromBuffer(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
  return { passkey, response };
}

/** Answers authentication options (what `startAuthentication` sends) with a passkey. */
export function signWithPasskey(passkey: SoftPasskey, challenge: string, place: Place = {}) {
  passkey.counter += 1;
  const flags = UP | (place.withoutVerification ? 0 : UV);
  const authData = Buffer.concat([
    sha256(place.rpId ?? DEFAULT_RP),
    Buffer.from([flags]),
    counterBytes(passkey.counter),
  ]);
  const data = clientData('webauthn.get', challenge, place.origin ?? DEFAULT_ORIGIN);
  const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), passkey.privateKey);
  return {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key',
    response: {
      clientDataJSON: isoBase64URL.fromBuffer(data),
      authenticatorData: isoBase64URL.fromBuffer(authData),
      signature: isoBase64URL.fromBuffer(signature),
      ...(passkey.userHandle === undefined ? {} : { userHandle: passkey.userHandle }),
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}

/** The WebAuthn options an API route answered, as far as these tests read them. */
export interface AssertionOptions {
  challenge: string;
  allowCredentials?: { id: string }[];
  userVerification?: string;
}

/** Adds a software passkey to the account through the two routes, as Settings › Security does. */
export async function addPasskeyFor(app: FastifyInstance, session: Session): Promise<SoftPasskey> {
  const headers = { authorization: session.token };
  const started = await post(app, `/user/passkeys/options/${session.user.id}`, {}, headers);
  expect(started.statusCode, started.body).toBe(200);
  const options = bodyOf<{ options: { challenge: string; user: { id: string } } }>(started).data
    .options;
  const { passkey, response } = createPasskey(options);
  const added = await post(
    app,
    `/user/passkeys/${session.user.id}`,
    { name: 'My phone', response },
    headers,
  );
  expect(added.statusCode, added.body).toBe(201);
  return passkey;
}

/** A step-up with one of the account's passkeys: the options, the signature, `stepUp`. */
export async function stepUpWithPasskey(
  app: FastifyInstance,
  session: Session,
  passkey: SoftPasskey,
) {
  const headers = { authorization: session.token };
  const started = await post(
    app,
    `/user/two_factor/step_up/options/${session.user.id}`,
    {},
    headers,
  );
  expect(started.statusCode, started.body).toBe(200);
  const { options } = bodyOf<{ options: AssertionOptions }>(started).data;
  return post(
    app,
    `/user/two_factor/step_up/${session.user.id}`,
    { passkey: signWithPasskey(passkey, options.challenge) },
    headers,
  );
}
