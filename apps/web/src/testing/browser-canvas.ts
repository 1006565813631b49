import { vi } from 'vitest';

/** What the fake canvas writes: a 640 KB JPEG. */
export const SHRUNK_BYTES = 640 * 1024;

/**
 * What a browser gives lib/shrink-photo.ts, which jsdom lacks: a decoder that reads every photo
 * as 4000 × 3000 (and refuses a HEIC, as Chrome does) and a canvas that writes a 640 KB JPEG.
 * Undone by `vi.unstubAllGlobals()` and the config's restoreMocks. The real pixels are drawn in
 * e2e/photo-shrink.e2e.ts.
 */
export function browserCanvas() {
  const decoded: { options: unknown }[] = [];
  const drawn: number[][] = [];
  vi.stubGlobal('createImageBitmap', (blob: Blob, options: unknown) => {
    if (blob.type === 'image/heic') return Promise.reject(new DOMException('no HEIC'));
    decoded.push({ options });
    return Promise.resolve({ width: 4000, height: 3000, close: () => undefined });
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        fillRect: () => undefined,
        drawImage: (_image: unknown, ...box: number[]) => drawn.push(box),
      }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
    type?: string,
  ) {
    callback(new Blob([new Uint8Array(SHRUNK_BYTES)], { type: type ?? 'image/png' }));
  });
  return { decoded, drawn };
}
