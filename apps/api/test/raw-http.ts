import { request, type IncomingHttpHeaders } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A GET over a real socket with the request target exactly as given (`/%61pi/...`,
 * `http://host/api/...`, `/api/./x`): `app.inject` and fetch normalise the URL before the app
 * sees it, a client on the wire need not.
 */
export function getRaw(
  origin: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: hostname, port, method: 'GET', path: target, headers });
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
      });
    });
    outgoing.end();
  });
}
