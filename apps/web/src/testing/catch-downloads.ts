import { vi } from 'vitest';

/**
 * What the page handed the browser to save (lib/save-file.ts): each file's name and its bytes.
 * Call it inside a test; `vi.restoreAllMocks()` after each test puts the anchor's click back.
 */
export function catchDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:download-${String(blobs.size)}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}
