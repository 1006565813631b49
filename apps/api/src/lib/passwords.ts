import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimums (docs/ARCHITECTURE.md#domain-rules: m ≥ 19 MiB, t ≥ 2). Algorithm 2 is argon2id. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashSecret = (secret: string) => hash(secret, ARGON2_OPTIONS);

export async function verifySecret(secretHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(secretHash, secret);
  } catch {
    return false;
  }
}

/**
 * Unknown e-mails are checked against this hash so that "no such account" takes as long as
 * "wrong password" and the answer's timing does not reveal which accounts exist.
 */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(secret: string): Promise<false> {
  dummyHash ??= hashSecret('karta-timing-equaliser');
  await verifySecret(await dummyHash, secret);
  return false;
}
