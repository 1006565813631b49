/**
 * Request bytes as a careless client would send them: JSON with values the serializer cannot
 * write, text with lone surrogates, query strings, headers and multipart bodies by hand.
 */

/** JSON the serializer cannot write (1e999, -0, duplicate keys, deep nesting) goes in raw. */
export class Raw {
  constructor(readonly text: string) {}
}
const RAW_MARK = '\u0001raw\u0001';

/** JSON text, with every Raw value written as it is. */
export function toJson(value: unknown): string {
  // JSON.stringify(undefined) is undefined, whatever its type says.
  if (value === undefined) return '';
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof Raw)) return item;
    raws.push(item.text);
    return `${RAW_MARK}${String(raws.length - 1)}`;
  });
  return text.replace(
    /"\\u0001raw\\u0001(\d+)"/g,
    (_match, index: string) => raws[Number(index)] ?? '',
  );
}

export const asText = (value: unknown) =>
  typeof value === 'string' ? value : value instanceof Raw ? value.text : toJson(value);

/**
 * UTF-8 bytes, with a lone surrogate written as the three bytes it would take (WTF-8): what a
 * careless client puts on the wire, where `Buffer.from` would quietly make it U+FFFD.
 */
function wireBytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const code = text.codePointAt(i) ?? 0;
    if (code > 0xffff) i += 1;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000)
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
  }
  return Buffer.from(bytes);
}

const UNRESERVED = /[A-Za-z0-9\-_.~]/;
export function percentEncode(text: string, keep = UNRESERVED): string {
  if (/^[A-Za-z0-9\-_.~]*$/.test(text)) return text;
  return [...wireBytes(text)]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return byte < 0x80 && keep.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

export function queryString(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      pairs.push(`${percentEncode(key)}=${percentEncode(asText(item))}`);
    }
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/**
 * A header as the server would see it: HTTP parsers refuse control characters in a header
 * (the request never reaches us), and read any other byte as latin1.
 */
export const headerValue = (text: string) =>
  [...wireBytes(text)]
    .filter((byte) => byte === 0x09 || (byte >= 0x20 && byte !== 0x7f))
    .map((byte) => String.fromCharCode(byte))
    .join('');

export function multipartBody(
  fields: Record<string, unknown>,
  files: [string, { name: string; type: string; bytes: Buffer }][],
) {
  const boundary = 'karta-fuzz-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
        wireBytes(asText(item)),
        Buffer.from('\r\n'),
      );
    }
  }
  for (const [field, file] of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
