import type { onSendHookHandler, RouteOptions } from 'fastify';

/**
 * The secrets and personal data a test app saw, and a scan of its logs for any of them. Every
 * API test file builds its app with createTestApp, which records what passes through the app
 * and scans in close(): so the whole suite's logs are checked, not one hand-picked flow.
 */

/** Request and response fields whose values must never reach a log line. */
const SENSITIVE_FIELDS = new Set([
  'password',
  'new_password',
  'verify_password',
  'verify_new_password',
  'current_password',
  'pin',
  'verify_pin',
  'otp',
  'bvn',
  'nin',
  'token',
  'refresh_token',
  'email',
  'mobile_number',
  'date_of_birth',
  'first_name',
  'last_name',
  'account_number',
  'account_name',
  // Two-step sign-in (decision 061): the authenticator secret and its URL, the sign-in
  // challenge (a bearer value), recovery codes (one, or the ten shown once).
  'secret',
  'otpauth_url',
  'challenge_id',
  'recovery_code',
  'recovery_codes',
  // A trade claim's release token (decision 072): the closing page's beacon credential.
  'release_token',
]);

/**
 * Fields that are secrets in what a client sends but name other things in answers: `code` is an
 * authenticator code in a request body, a bank's code (or a refusal's domain code) in an answer.
 */
const SENSITIVE_REQUEST_FIELDS = new Set(['code']);

/**
 * Request headers that carry a secret besides the credentials pino redacts, with the form the
 * secret takes (what a fuzzer sends in them otherwise is not a code anyone typed).
 */
const SENSITIVE_HEADERS: [string, RegExp][] = [['x-two-factor-code', /^\d{6}$/]];

/** Shorter text would match by chance (a 3-letter surname inside a word); digits are exact. */
const MIN_TEXT_LENGTH = 4;
const MIN_DIGITS = 4;
/** No secret or name is longer; a fuzzed megabyte of text is not a value anyone typed. */
const MAX_LENGTH = 1024;
/** Pino's own fields and the request timing: numbers that are never request data. */
const NOISE_FIELDS = new Set(['time', 'pid', 'hostname', 'ms', 'reqId']);

export interface Leak {
  field: string;
  /** The log line, with the leaked value replaced by `[field]`. */
  line: string;
}

/** How one value could appear in a log line, and how to hide it there. */
interface Matcher {
  field: string;
  isIn(text: string): boolean;
  hideIn(text: string): string;
}

/** Digits count only as a whole number: a PIN inside a longer number is not that PIN. */
function digitsMatcher(field: string, source: string): Matcher {
  const pattern = new RegExp(source, 'g');
  return {
    field,
    isIn: (text) => text.search(pattern) >= 0,
    hideIn: (text) => text.replace(pattern, `[${field}]`),
  };
}

/**
 * Text as a log line could hold it: as is, JSON-escaped (a quote or a backslash in a password)
 * or URL-encoded (an address in a logged link).
 */
function textMatcher(field: string, value: string): Matcher {
  const forms = new Set([value, JSON.stringify(value).slice(1, -1)]);
  try {
    forms.add(encodeURIComponent(value));
  } catch {
    // A lone surrogate has no URL form.
  }
  return {
    field,
    isIn: (text) => [...forms].some((form) => text.includes(form)),
    hideIn: (text) =>
      [...forms].reduce((hidden, form) => hidden.replaceAll(form, `[${field}]`), text),
  };
}

export class SensitiveValues {
  /** value → the field it was seen in, and how to find it. */
  private readonly values = new Map<string, Matcher>();

  get size(): number {
    return this.values.size;
  }

  add(field: string, value: unknown): void {
    if (typeof value === 'number' && Number.isInteger(value)) value = String(value);
    if (typeof value !== 'string') return;
    const text = value.trim();
    const isDigits = /^\d+$/.test(text);
    if (text.length < (isDigits ? MIN_DIGITS : MIN_TEXT_LENGTH) || text.length > MAX_LENGTH) return;
    this.values.set(
      text,
      isDigits ? digitsMatcher(field, `(?<!\\d)${text}(?!\\d)`) : textMatcher(field, text),
    );
    // A phone number can be written +2348012345678, 2348012345678 or 08012345678.
    const digits = text.replace(/\D/g, '').slice(-10);
    if (field === 'mobile_number' && digits.length === 10) {
      this.values.set(digits, digitsMatcher(field, `(?<!\\d)(?:234|0)?${digits}(?!\\d)`));
    }
  }

  /**
   * Every sensitive field anywhere in a parsed body, query or response (a list under a
   * sensitive name, such as `recovery_codes`, counts item by item). `isRequest`: what a client
   * sent, where a few more fields are secrets.
   */
  addFrom(input: unknown, options: { isRequest?: boolean } = {}): void {
    const isSensitive = (key: string) =>
      SENSITIVE_FIELDS.has(key) ||
      (options.isRequest === true && SENSITIVE_REQUEST_FIELDS.has(key));
    const pending: unknown[] = [input];
    for (let seen = 0; pending.length > 0 && seen < 10_000; seen += 1) {
      const value = pending.pop();
      if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
      for (const [key, item] of Object.entries(value)) {
        if (isSensitive(key)) {
          for (const each of Array.isArray(item) ? item : [item]) this.add(key, each);
        }
        if (typeof item === 'object') pending.push(item);
      }
    }
  }

  /** The first leak of each value in `logs` (raw JSON lines), redacted to its field name. */
  findLeaks(logs: string[]): Leak[] {
    const contents = logs.map(withoutNoise);
    const everything = contents.join('\n');
    const leaks: Leak[] = [];
    for (const matcher of this.values.values()) {
      if (!matcher.isIn(everything)) continue;
      const line = contents.find((content) => matcher.isIn(content));
      if (line !== undefined) leaks.push({ field: matcher.field, line: this.redact(line) });
    }
    return leaks;
  }

  /** Throws, naming each leaked field and the log line it was in, if any value was logged. */
  assertNotIn(logs: string[]): void {
    const leaks = this.findLeaks(logs);
    if (leaks.length === 0) return;
    const lines = leaks.map((leak) => `- ${leak.field}: ${leak.line.slice(0, 2000)}`);
    throw new Error(`Sensitive values reached the logs:\n${lines.join('\n')}`);
  }

  /** Every recorded value in the line, not only the one found: the report must not leak. */
  private redact(line: string): string {
    let result = line;
    for (const matcher of this.values.values()) result = matcher.hideIn(result);
    return result;
  }
}

/** A log line without the fields that hold numbers by nature (times, pids, durations). */
function withoutNoise(line: string): string {
  try {
    const entry = JSON.parse(line) as Record<string, unknown>;
    for (const field of NOISE_FIELDS) Reflect.deleteProperty(entry, field);
    return JSON.stringify(entry);
  } catch {
    return line;
  }
}

/** The one-time codes in a mail's text: each sits alone on its own indented line. */
export const codesInMail = (text: string) =>
  [...text.matchAll(/^\s+(\d{6})\s*$/gm)].map((match) => match[1] ?? '');

/** Response cookies hold the refresh token: every cookie value counts as a secret. */
function addCookies(values: SensitiveValues, header: unknown): void {
  const cookies = Array.isArray(header) ? header : [header];
  for (const cookie of cookies) {
    if (typeof cookie !== 'string') continue;
    const value = /^[^=]+=([^;]*)/.exec(cookie)?.[1];
    if (value) values.add('refresh cookie', decodeURIComponent(value));
  }
}

/**
 * Adds an onSend hook to a route (through buildApp's onRoute) that records the sensitive values
 * of each request it answers, whatever the answer: the parsed body and query, and the response
 * body and cookies. For tests only; production code has no such hook.
 */
export function recordSensitiveValues(route: RouteOptions, values: SensitiveValues): void {
  const record: onSendHookHandler = (request, reply, payload, done) => {
    // Recording must never change an answer: whatever it trips on, the response goes out.
    try {
      values.addFrom(request.body, { isRequest: true });
      values.addFrom(request.query, { isRequest: true });
      for (const [name, form] of SENSITIVE_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string' && form.test(value.trim())) values.add(name, value);
      }
      if (typeof payload === 'string' && payload.startsWith('{')) {
        values.addFrom(JSON.parse(payload));
      }
      addCookies(values, reply.getHeader('set-cookie'));
    } catch {
      // A body that is not JSON after all, a cookie that does not decode: nothing to record.
    }
    done(null, payload);
  };
  const existing = route.onSend;
  route.onSend = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), record];
}
