import { randomInt } from 'node:crypto';

/** Accounts made through the real API, so each browser test starts from its own user. */
// Not on the server's common-password list ("Sunshine#2026" is: "sunshine").
export const PASSWORD = 'Ikeja#Market2026';

export interface Person {
  first_name: string;
  last_name: string;
  email: string;
  /** The 10 digits typed after the fixed +234. */
  phone: string;
  gender: 'Male' | 'Female' | 'Other';
  date_of_birth: string;
  password: string;
}

/** A new person with an e-mail and phone number no other test uses. */
export function newPerson(overrides: Partial<Person> = {}): Person {
  const unique = String(randomInt(100_000_000)).padStart(8, '0');
  return {
    first_name: 'Chidinma',
    last_name: 'Eze',
    email: `e2e.${unique}@example.com`,
    phone: `81${unique}`,
    gender: 'Female',
    date_of_birth: '1998-03-14',
    password: PASSWORD,
    ...overrides,
  };
}

/** One JSON call to the API; throws with the answer when it is not 2xx. */
export async function call(
  baseUrl: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token?: string,
) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: token } : {}),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

/** POST /api/v1/auth/register, the payload of docs/product.md §3. */
async function registerPerson(baseUrl: string, person: Person) {
  await call(baseUrl, 'POST', '/api/v1/auth/register', {
    first_name: person.first_name,
    last_name: person.last_name,
    email: person.email,
    mobile_number: `+234${person.phone}`,
    gender: person.gender,
    date_of_birth: person.date_of_birth,
    password: person.password,
    verify_password: person.password,
    referral_code: null,
  });
}

interface Outbox {
  data: { to: string; subject: string; text: string; created_at: string }[];
}

/** The 6-digit code in the newest mail to this address (GET /dev/mail?to=, newest first). */
export async function latestCode(baseUrl: string, email: string): Promise<string> {
  const outbox = (await call(
    baseUrl,
    'GET',
    `/dev/mail?to=${encodeURIComponent(email)}`,
  )) as Outbox;
  const code = outbox.data[0] && /\b(\d{6})\b/.exec(outbox.data[0].text)?.[1];
  if (!code) throw new Error(`no code has been mailed to ${email}`);
  return code;
}

/** How many mails this address has received, to wait for the next one. */
export async function mailCount(baseUrl: string, email: string): Promise<number> {
  const outbox = (await call(
    baseUrl,
    'GET',
    `/dev/mail?to=${encodeURIComponent(email)}`,
  )) as Outbox;
  return outbox.data.length;
}

/** The code of the first mail sent after `before` mails had arrived, polling briefly. */
export async function nextCode(baseUrl: string, email: string, before: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if ((await mailCount(baseUrl, email)) > before) return latestCode(baseUrl, email);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no new mail reached ${email}`);
}

/** A registered and confirmed person, ready to sign in. */
export async function confirmedPerson(baseUrl: string, overrides: Partial<Person> = {}) {
  const person = newPerson(overrides);
  await registerPerson(baseUrl, person);
  const otp = await latestCode(baseUrl, person.email);
  await call(baseUrl, 'POST', '/api/v1/auth/account_otp_verification', {
    otp,
    email: person.email,
    password: person.password,
  });
  return person;
}
