import { DEMO_USER } from '@karta/api/harness';

export interface Session {
  token: string;
  userId: string;
  /** `karta_refresh=…`, as a browser would send it back. */
  refreshCookie: string;
}

/** A JSON request; the parsed body (null when there is none) and the status. */
export async function call(
  url: string,
  options: {
    method?: string;
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
) {
  const response = await fetch(url, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: options.token } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    body = { unparsed: text };
  }
  return { status: response.status, body, text, headers: response.headers };
}

export async function signIn(
  baseUrl: string,
  email: string = DEMO_USER.email,
  password: string = DEMO_USER.password,
): Promise<Session> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, device: 'web' }),
  });
  const body = (await response.json()) as { token?: string; data?: { id?: string } };
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('karta_refresh='));
  if (!response.ok || !body.token || !body.data?.id || !cookie) {
    throw new Error(`sign-in as ${email} answered HTTP ${response.status}`);
  }
  return { token: body.token, userId: body.data.id, refreshCookie: cookie.split(';')[0] ?? cookie };
}
