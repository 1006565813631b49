import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/*
 * Small image files that declare (or really decode to) far more pixels than they carry.
 *
 * The HEIC files are built from the card-photo.heic fixture (a 96 × 60 grid of one 96 × 64 HEVC tile, made with heif-enc): its
 * `hvcC` box and coded tile are reused as they are, and the boxes around them are written anew.
 */

const FIXTURE = readFileSync(new URL('./fixtures/card-photo.heic', import.meta.url));

const u8 = (value: number) => Buffer.from([value]);
const u16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
};
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
}

const fullBox = (type: string, version: number, flags: number, ...payload: Buffer[]) =>
  box(type, u32((version << 24) | flags), ...payload);

/** The first box of `type` directly inside `parent` (whose payload starts at `start`). */
function childBox(parent: Buffer, type: string, start = 8): Buffer {
  let offset = start;
  while (offset + 8 <= parent.length) {
    const size = parent.readUInt32BE(offset);
    if (parent.toString('latin1', offset + 4, offset + 8) === type) {
      return parent.subarray(offset, offset + size);
    }
    offset += size;
  }
  throw new Error(`no ${type} box in the fixture`);
}

const ipco = childBox(childBox(childBox(FIXTURE, 'meta', 0), 'iprp', 12), 'ipco');
/** The fixture's HEVC decoder configuration (its VPS, SPS and PPS) and its one coded tile. */
const HVCC = childBox(ipco, 'hvcC');
const PIXI = childBox(ipco, 'pixi');
const mdat = childBox(FIXTURE, 'mdat', 0);
const TILE = mdat.subarray(8);
const TILE_SIZE = { width: 96, height: 64 } as const;

const ispe = (width: number, height: number) => fullBox('ispe', 0, 0, u32(width), u32(height));
const infe = (id: number, type: string, hidden = false) =>
  fullBox('infe', 2, hidden ? 1 : 0, u16(id), u16(0), Buffer.from(type, 'latin1'), u8(0));

interface Item {
  id: number;
  type: string;
  hidden?: boolean;
  /** Indexes (from 1) into the property list; a high bit marks a property as essential. */
  properties: number[];
  /** Where the item's bytes are: the coded tile in mdat, or its own bytes in idat. */
  data: 'tile' | Buffer;
}

/** A whole HEIF file: ftyp, meta (items, their properties and references) and mdat. */
function heif(options: {
  primary: number;
  items: Item[];
  properties: Buffer[];
  /** Derived image (grid, overlay) → the items it is drawn from. */
  derivedFrom: Record<number, number[]>;
}): Buffer {
  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), u32(0), Buffer.from('mif1heic'));
  const idatParts = options.items.flatMap((item) => (item.data === 'tile' ? [] : [item.data]));
  const idat = box('idat', ...idatParts);
  const iloc = (mdatPayloadAt: number) => {
    let idatOffset = 0;
    const entries = options.items.map((item) => {
      const inIdat = item.data !== 'tile';
      const offset = inIdat ? idatOffset : mdatPayloadAt;
      const length = item.data === 'tile' ? TILE.length : item.data.length;
      if (inIdat) idatOffset += length;
      // version 1: item id, construction method (1 = idat), data reference, base offset, extents.
      return Buffer.concat([
        u16(item.id),
        u16(inIdat ? 1 : 0),
        u16(0),
        u32(0),
        u16(1),
        u32(offset),
        u32(length),
      ]);
    });
    // offset_size 4, length_size 4, base_offset_size 4.
    return fullBox('iloc', 1, 0, u8(0x44), u8(0x40), u16(entries.length), ...entries);
  };
  const iinf = fullBox(
    'iinf',
    0,
    0,
    u16(options.items.length),
    ...options.items.map((item) => infe(item.id, item.type, item.hidden)),
  );
  const ipma = fullBox(
    'ipma',
    0,
    0,
    u32(options.items.length),
    ...options.items.map((item) =>
      Buffer.concat([u16(item.id), u8(item.properties.length), ...item.properties.map(u8)]),
    ),
  );
  const iprp = box('iprp', box('ipco', ...options.properties), ipma);
  const references = Object.entries(options.derivedFrom).map(([from, to]) =>
    box('dimg', u16(Number(from)), u16(to.length), ...to.map(u16)),
  );
  const iref = references.length > 0 ? [fullBox('iref', 0, 0, ...references)] : [];
  const hdlr = fullBox('hdlr', 0, 0, u32(0), Buffer.from('pict'), Buffer.alloc(13));
  const meta = (mdatPayloadAt: number) =>
    fullBox(
      'meta',
      0,
      0,
      hdlr,
      fullBox('pitm', 0, 0, u16(options.primary)),
      idat,
      iloc(mdatPayloadAt),
      iinf,
      iprp,
      ...iref,
    );
  const mdatPayloadAt = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(mdatPayloadAt), box('mdat', TILE)]);
}

/**
 * A real picture of `width` × `height`: an overlay (`iovl`) whose canvas is that large, with
 * the 96 × 64 tile drawn in its corner. A decoder fills the whole canvas, so this file of under
 * 3 kB costs what a camera photo of that size would: 10000 × 10000 is 400 MB of RGBA.
 */
export function heicOverlay(width: number, height: number, declared = { width, height }): Buffer {
  // version 0, flags 1 (32-bit sizes), a white RGBA fill, the canvas size, the tile at (0, 0).
  const iovl = Buffer.concat([
    u8(0),
    u8(1),
    u16(0xffff),
    u16(0xffff),
    u16(0xffff),
    u16(0xffff),
    u32(width),
    u32(height),
    u32(0),
    u32(0),
  ]);
  return heif({
    primary: 2,
    items: [
      { id: 1, type: 'hvc1', hidden: true, properties: [0x81, 2], data: 'tile' },
      { id: 2, type: 'iovl', properties: [3, 0x84], data: iovl },
    ],
    properties: [
      HVCC,
      ispe(TILE_SIZE.width, TILE_SIZE.height),
      ispe(declared.width, declared.height),
      PIXI,
    ],
    derivedFrom: { 2: [1] },
  });
}

/**
 * The fixture's 96 × 64 tile as a plain image whose `ispe` says it is `width` × `height`: a
 * file that only declares its size (a decoder finds the lie only after it has decoded).
 */
export function heicDeclaring(width: number, height: number): Buffer {
  return heif({
    primary: 1,
    items: [{ id: 1, type: 'hvc1', properties: [0x81, 2, 0x83], data: 'tile' }],
    properties: [HVCC, ispe(width, height), PIXI],
    derivedFrom: {},
  });
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), typed, u32(crc32(typed))]);
}

/** A PNG of a few dozen bytes whose header says `width` × `height` (its data is a stub). */
export function pngDeclaring(width: number, height: number): Buffer {
  // 8-bit RGB, deflate, no interlace.
  const header = Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small real JPEG whose frame header (SOF0) says `width` × `height`. */
export async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#777' } })
    .jpeg({ progressive: false })
    .toBuffer();
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  // Marker, length (2), precision (1), then height and width (2 each).
  jpeg.writeUInt16BE(height, frame + 5);
  jpeg.writeUInt16BE(width, frame + 7);
  return jpeg;
}
