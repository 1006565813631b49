import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * HEIC photos are decoded by libheif in WebAssembly (heic-decode), which runs synchronously: on
 * the event loop a 48-megapixel photo held every other request (and /healthz) for over a
 * second, and WebAssembly memory, once grown, is never given back. So the decoder runs here, in
 * a worker thread of its own (docs/decisions/051-upload-bounds.md):
 *
 * - one photo at a time: the next waits its turn, so at most one decode's memory is in use;
 * - the worker's WebAssembly memory may grow only to a budget drawn from the size the file
 *   declares (checked before it gets here), so a file whose coded picture is larger than its
 *   boxes say fails to allocate instead of taking the server's memory;
 * - the worker ends after 5 idle seconds, after a failure, and after any photo that grew its
 *   memory past 64 MB, which ends that memory with it; a decode over 30 seconds is ended too.
 */

/** What the worker answers for one photo. */
type Answer =
  | { decoded: true; width: number; height: number; rgba: ArrayBuffer; memoryBytes: number }
  | { decoded: false; refused: 'too-many-pixels' | 'unreadable'; detail: string }
  | { decoded: false; cannotLoad: string };

export type HeicResult =
  | { ok: true; width: number; height: number; rgba: Buffer }
  | { ok: false; reason: 'too-many-pixels' | 'unreadable'; detail: string };

/** The decoder library could not be loaded: our failure (500), not the photo's (decision 045). */
export class HeicDecoderUnavailable extends Error {}

/**
 * The worker's code, CommonJS run by `eval` (a file beside this one would not be in the built
 * bundle). heic-decode is required by the path the parent resolved.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let budget = workerData.baseMemory;
let memoryBytes = 0;
const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function (pages) {
  const next = this.buffer.byteLength + pages * 65536;
  if (next > budget) throw new RangeError('the photo needs more memory than it declares');
  memoryBytes = next;
  return grow.call(this, pages);
};
// libheif-js tells why a decode failed only on the console: kept for the answer, not printed.
let said = '';
const keep = (...args) => {
  said = args.map((arg) => (arg && arg.message) || (typeof arg === 'string' ? arg : '')).join(' ');
};
console.log = console.info = console.warn = console.error = keep;
let decode;
let loadError;
try {
  decode = require(workerData.heicDecode);
} catch (error) {
  loadError = String((error && error.message) || error);
}
parentPort.on('message', async ({ bytes, maxPixels, memoryBudget }) => {
  if (loadError) return parentPort.postMessage({ decoded: false, cannotLoad: loadError });
  budget = memoryBudget;
  said = '';
  let images;
  try {
    images = await decode.all({ buffer: bytes });
    const image = images[0];
    if (image.width * image.height > maxPixels) {
      const detail = image.width + ' x ' + image.height;
      return parentPort.postMessage({ decoded: false, refused: 'too-many-pixels', detail });
    }
    const { width, height, data } = await image.decode();
    const rgba = data.buffer;
    parentPort.postMessage({ decoded: true, width, height, rgba, memoryBytes }, [rgba]);
  } catch (error) {
    const detail = String((error && error.message) || error) + (said ? ' (' + said.trim() + ')' : '');
    parentPort.postMessage({ decoded: false, refused: 'unreadable', detail });
  } finally {
    if (images) images.dispose();
  }
});
`;

const MB = 1024 * 1024;
/** libheif starts with 16 MB; its contexts and the coded photo need some more. */
const BASE_MEMORY = 64 * MB;
/**
 * Decoding grows WebAssembly memory by about 7 bytes a pixel (a 48 MP photo: 336 MB, measured);
 * 12 leaves room for 10-bit photos and other layouts. The decoded RGBA (4 bytes a pixel) is
 * JavaScript memory, bounded by the size check before it is allocated.
 */
const MEMORY_PER_PIXEL = 12;
/** WebAssembly's own ceiling for this build of libheif. */
const MEMORY_CEILING = 2048 * MB;
const REUSE_BELOW = 64 * MB;
const IDLE_MS = 5_000;
const DECODE_TIME_LIMIT_MS = 30_000;

const require = createRequire(import.meta.url);
let heicDecodePath: string | undefined;
let idle: { worker: Worker; timer: NodeJS.Timeout } | undefined;
let queue: Promise<unknown> = Promise.resolve();

function startWorker(): Worker {
  heicDecodePath ??= require.resolve('heic-decode');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { heicDecode: heicDecodePath, baseMemory: BASE_MEMORY },
    // The JavaScript heap holds the library's code, never pixels (those are array buffers).
    resourceLimits: { maxOldGenerationSizeMb: 128 },
  });
  // An idle decoder never keeps the process alive.
  worker.unref();
  return worker;
}

function takeWorker(): Worker {
  if (!idle) return startWorker();
  clearTimeout(idle.timer);
  const { worker } = idle;
  idle = undefined;
  return worker;
}

function keepIdle(worker: Worker) {
  const timer = setTimeout(() => {
    if (idle?.worker === worker) idle = undefined;
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle = { worker, timer };
}

/** The worker's answer, or why it gave none (it crashed, ran out of heap, or took too long). */
function ask(worker: Worker, message: object): Promise<Answer> {
  return new Promise((resolve) => {
    const settle = (answer: Answer) => {
      clearTimeout(timer);
      worker.off('message', settle);
      worker.off('error', onError);
      worker.off('exit', onExit);
      resolve(answer);
    };
    const failed = (detail: string): Answer => ({ decoded: false, refused: 'unreadable', detail });
    const onError = (error: Error) => {
      settle(failed(`the decoder failed: ${error.message}`));
    };
    const onExit = (code: number) => {
      settle(failed(`the decoder stopped (exit code ${String(code)})`));
    };
    const timer = setTimeout(() => {
      settle(failed(`the decoder took more than ${String(DECODE_TIME_LIMIT_MS / 1000)} s`));
    }, DECODE_TIME_LIMIT_MS);
    worker.on('message', settle);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage(message);
  });
}

async function decodeInWorker(
  bytes: Buffer,
  limits: { maxPixels: number; declaredPixels: number },
): Promise<HeicResult> {
  const worker = takeWorker();
  const memoryBudget = Math.min(
    MEMORY_CEILING,
    BASE_MEMORY + limits.declaredPixels * MEMORY_PER_PIXEL,
  );
  const answer = await ask(worker, { bytes, maxPixels: limits.maxPixels, memoryBudget });
  if (answer.decoded && answer.memoryBytes <= REUSE_BELOW) keepIdle(worker);
  else void worker.terminate();

  if (answer.decoded) {
    return {
      ok: true,
      width: answer.width,
      height: answer.height,
      rgba: Buffer.from(answer.rgba),
    };
  }
  if ('cannotLoad' in answer) {
    throw new HeicDecoderUnavailable(`heic-decode cannot be loaded: ${answer.cannotLoad}`);
  }
  return { ok: false, reason: answer.refused, detail: answer.detail };
}

/**
 * Decodes a HEIC photo to RGBA in the decoder's worker, one photo at a time. `declaredPixels`
 * is the most its boxes declare (heif-declared-size.ts), already checked against `maxPixels`;
 * libheif's own reading of the size is checked again before anything is allocated.
 */
export function decodeHeic(
  bytes: Buffer,
  limits: { maxPixels: number; declaredPixels: number },
): Promise<HeicResult> {
  const decoded = queue.then(() => decodeInWorker(bytes, limits));
  queue = decoded.catch(() => undefined);
  return decoded;
}
