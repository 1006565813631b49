import type { fileTypeFromBuffer } from 'file-type';
import type sharp from 'sharp';

/*
 * The image libraries are loaded on first use, not at start (decision 045): sharp and file-type
 * together hold about 30 MB of resident memory, and only uploads (trade photos, rejection proofs,
 * card images) and the first start's demo trades use them. Each loads once; a module that fails
 * to load fails every call the same way, as a failed static import would have failed the start.
 */

let sharpModule: Promise<typeof sharp> | undefined;
let fileTypeModule: Promise<typeof fileTypeFromBuffer> | undefined;

export function loadSharp(): Promise<typeof sharp> {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
}

export function loadFileType(): Promise<typeof fileTypeFromBuffer> {
  fileTypeModule ??= import('file-type').then((module) => module.fileTypeFromBuffer);
  return fileTypeModule;
}
