/*
 * The sizes a HEIF (HEIC) file declares, read from its ISO-BMFF boxes (ISO/IEC 14496-12 and
 * 23008-12) without decoding anything, so a photo that asks for more pixels than we take is
 * refused before the decoder allocates them. A decoder sizes its buffers from three places:
 * each image's `ispe` property (the image size), and for a grid or an overlay also the canvas in
 * the derived item's own data (libheif fills that canvas even when it disagrees with `ispe`).
 * All three are read here. Every read is bounds-checked; the walk only moves forward, so it ends
 * within one pass over the file (at most 5 MB). A file whose boxes do not add up is unreadable.
 */

export interface DeclaredSize {
  width: number;
  height: number;
}

class Malformed extends Error {}

interface Box {
  type: string;
  /** Where the box's payload starts and where the box ends, as offsets into the file. */
  start: number;
  end: number;
}

function need(condition: boolean): asserts condition {
  if (!condition) throw new Malformed();
}

/** An unsigned big-endian integer of 0, 1, 2, 4 or 8 bytes (ISO-BMFF's field sizes). */
function uint(bytes: Buffer, at: number, size: number): number {
  need(at >= 0 && at + size <= bytes.length);
  switch (size) {
    case 0:
      return 0;
    case 1:
      return bytes.readUInt8(at);
    case 2:
      return bytes.readUInt16BE(at);
    case 4:
      return bytes.readUInt32BE(at);
    case 8: {
      const value = bytes.readBigUInt64BE(at);
      need(value <= BigInt(Number.MAX_SAFE_INTEGER));
      return Number(value);
    }
    default:
      throw new Malformed();
  }
}

/** The boxes between `start` and `end`, in order. */
function* boxesIn(bytes: Buffer, start: number, end: number): Generator<Box> {
  let at = start;
  while (at < end) {
    need(at + 8 <= end);
    let size = uint(bytes, at, 4);
    const type = bytes.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = uint(bytes, at + 8, 8);
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (type === 'uuid') header += 16;
    need(size >= header && at + size <= end);
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

const childrenOf = (bytes: Buffer, box: Box, skip = 0) => boxesIn(bytes, box.start + skip, box.end);

/** A full box's payload begins after its version (1 byte) and flags (3 bytes). */
const FULL_BOX = 4;

interface Extent {
  offset: number;
  length: number;
}

interface ItemLocation {
  /** 0: offsets into the file; 1: offsets into the `idat` box; 2: into another item. */
  constructionMethod: number;
  extents: Extent[];
}

/** `iinf`: each item's id and its 4-letter type (`hvc1`, `grid`, `iovl`, …). */
function itemTypes(bytes: Buffer, iinf: Box): Map<number, string> {
  const version = uint(bytes, iinf.start, 1);
  const types = new Map<number, string>();
  for (const infe of childrenOf(bytes, iinf, FULL_BOX + (version === 0 ? 2 : 4))) {
    if (infe.type !== 'infe') continue;
    const infeVersion = uint(bytes, infe.start, 1);
    // Versions 0 and 1 name no item type; they do not describe images.
    if (infeVersion < 2) continue;
    const idSize = infeVersion === 2 ? 2 : 4;
    const id = uint(bytes, infe.start + FULL_BOX, idSize);
    const typeAt = infe.start + FULL_BOX + idSize + 2;
    need(typeAt + 4 <= infe.end);
    types.set(id, bytes.toString('latin1', typeAt, typeAt + 4));
  }
  return types;
}

/** `iloc`: where each item's bytes are, in all three versions and all field sizes. */
function itemLocations(bytes: Buffer, iloc: Box): Map<number, ItemLocation> {
  const version = uint(bytes, iloc.start, 1);
  need(version <= 2);
  let at = iloc.start + FULL_BOX;
  const sizes = uint(bytes, at, 1);
  const more = uint(bytes, at + 1, 1);
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 0x0f;
  const baseOffsetSize = more >> 4;
  const indexSize = version === 0 ? 0 : more & 0x0f;
  at += 2;
  const idSize = version === 2 ? 4 : 2;
  const count = uint(bytes, at, idSize);
  at += idSize;
  const locations = new Map<number, ItemLocation>();
  for (let item = 0; item < count; item += 1) {
    need(at < iloc.end);
    const id = uint(bytes, at, idSize);
    at += idSize;
    let constructionMethod = 0;
    if (version > 0) {
      constructionMethod = uint(bytes, at, 2) & 0x0f;
      at += 2;
    }
    at += 2; // data_reference_index
    const baseOffset = uint(bytes, at, baseOffsetSize);
    at += baseOffsetSize;
    const extentCount = uint(bytes, at, 2);
    at += 2;
    const extents: Extent[] = [];
    for (let extent = 0; extent < extentCount; extent += 1) {
      at += indexSize;
      const offset = uint(bytes, at, offsetSize);
      at += offsetSize;
      const length = uint(bytes, at, lengthSize);
      at += lengthSize;
      extents.push({ offset: baseOffset + offset, length });
    }
    need(at <= iloc.end);
    locations.set(id, { constructionMethod, extents });
  }
  return locations;
}

/** The first `wanted` bytes of an item, from the file or from `idat`. */
function itemBytes(
  bytes: Buffer,
  location: ItemLocation,
  idat: Box | undefined,
  wanted: number,
): Buffer {
  let source: { start: number; end: number };
  if (location.constructionMethod === 0) source = { start: 0, end: bytes.length };
  else if (location.constructionMethod === 1 && idat) source = idat;
  else throw new Malformed();
  const parts: Buffer[] = [];
  let total = 0;
  for (const extent of location.extents) {
    if (total >= wanted) break;
    const start = source.start + extent.offset;
    // A length of 0 means "to the end of the source".
    const end = extent.length === 0 ? source.end : start + extent.length;
    need(start <= end && end <= source.end);
    const part = bytes.subarray(start, Math.min(end, start + wanted - total));
    parts.push(part);
    total += part.length;
  }
  return Buffer.concat(parts);
}

/**
 * The canvas of a grid (`rows`, `columns`, output size) or an overlay (four fill values, output
 * size): 16-bit sizes, or 32-bit when bit 0 of the flags is set.
 */
function derivedCanvas(bytes: Buffer, sizeAt: number): DeclaredSize {
  const flags = uint(bytes, 1, 1);
  const fieldSize = flags & 1 ? 4 : 2;
  return {
    width: uint(bytes, sizeAt, fieldSize),
    height: uint(bytes, sizeAt + fieldSize, fieldSize),
  };
}

/** Where the output size starts in a grid's and in an overlay's data. */
const CANVAS_SIZE_AT = new Map([
  ['grid', 4],
  ['iovl', 10],
]);
/** Enough of a grid's or an overlay's data to reach its output size with 32-bit fields. */
const CANVAS_BYTES = 18;

function sizesInMeta(bytes: Buffer, meta: Box): DeclaredSize[] {
  const sizes: DeclaredSize[] = [];
  let iinf: Box | undefined;
  let iloc: Box | undefined;
  let idat: Box | undefined;
  for (const box of childrenOf(bytes, meta, FULL_BOX)) {
    if (box.type === 'iinf') iinf = box;
    else if (box.type === 'iloc') iloc = box;
    else if (box.type === 'idat') idat = box;
    else if (box.type === 'iprp') {
      for (const ipco of childrenOf(bytes, box)) {
        if (ipco.type !== 'ipco') continue;
        for (const property of childrenOf(bytes, ipco)) {
          if (property.type !== 'ispe') continue;
          sizes.push({
            width: uint(bytes, property.start + FULL_BOX, 4),
            height: uint(bytes, property.start + FULL_BOX + 4, 4),
          });
        }
      }
    }
  }
  if (!iinf) return sizes;
  const types = itemTypes(bytes, iinf);
  const locations = iloc ? itemLocations(bytes, iloc) : new Map<number, ItemLocation>();
  for (const [id, type] of types) {
    const sizeAt = CANVAS_SIZE_AT.get(type);
    if (sizeAt === undefined) continue;
    const location = locations.get(id);
    // A grid or overlay without data cannot be drawn; nor can we know its size.
    need(location !== undefined);
    sizes.push(derivedCanvas(itemBytes(bytes, location, idat, CANVAS_BYTES), sizeAt));
  }
  return sizes;
}

/**
 * The file's own boxes, up to the first that does not fit: a photo cut short or with bytes
 * after its last box is the decoder's to judge, once its `meta` box has been read whole.
 */
function* topLevelBoxes(bytes: Buffer): Generator<Box> {
  try {
    yield* boxesIn(bytes, 0, bytes.length);
  } catch (error) {
    if (!(error instanceof Malformed)) throw error;
  }
}

/**
 * Every image size the file declares (each `ispe`, each grid's and overlay's canvas), or
 * undefined when its boxes cannot be read or it declares no size at all (every HEIF image must
 * carry `ispe`, so such a file cannot be decoded either).
 */
export function heifDeclaredSizes(bytes: Buffer): DeclaredSize[] | undefined {
  try {
    const sizes: DeclaredSize[] = [];
    for (const box of topLevelBoxes(bytes)) {
      if (box.type === 'meta') sizes.push(...sizesInMeta(bytes, box));
    }
    return sizes.length > 0 ? sizes : undefined;
  } catch (error) {
    if (error instanceof Malformed) return undefined;
    throw error;
  }
}

/** The largest number of pixels the file declares for any one image, as heifDeclaredSizes. */
export function heifDeclaredPixels(bytes: Buffer): number | undefined {
  const sizes = heifDeclaredSizes(bytes);
  if (!sizes) return undefined;
  return sizes.reduce((most, size) => Math.max(most, size.width * size.height), 0);
}
