import { inflateSync } from 'node:zlib';

/**
 * Reads a PDF as a person's viewer would count and read it, enough for our own files: the page
 * objects, and the text of every `[...] TJ` in the (deflated) content streams, which is how
 * pdfkit writes text in a standard font (hex strings in WinAnsi, kerning numbers between).
 */
export function countPdfPages(bytes: Buffer): number {
  return bytes.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;
}

export function readPdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const lines: string[] = [];
  // Each stream is as long as its dictionary's /Length says: deflated bytes may hold anything.
  for (const match of raw.matchAll(/\/Length (\d+)(?:[^>]|>(?!>))*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const body = bytes.subarray(start, start + Number(match[1]));
    let content: string;
    try {
      content = inflateSync(body).toString('latin1');
    } catch {
      content = body.toString('latin1');
    }
    for (const [, items = ''] of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hexes = [...items.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex = '']) =>
        Buffer.from(hex, 'hex').toString('latin1'),
      );
      lines.push(hexes.join(''));
    }
  }
  return lines.join('\n');
}
