/**
 * The pixels of a PNG as Chromium writes screenshots (8-bit RGB or RGBA, not
 * interlaced), and where two same-sized images differ: enough to tell where a
 * page drew something, without a PNG package.
 */

import { inflateSync } from 'node:zlib'

export interface Pixels {
  width: number
  height: number
  /** Bytes per pixel: 3 (RGB) or 4 (RGBA). */
  channels: number
  data: Uint8Array
}

/** A box in pixels: left and top inclusive, right and bottom exclusive. */
export interface PixelBox {
  left: number
  top: number
  right: number
  bottom: number
}

const paeth = (a: number, b: number, c: number): number => {
  const p = a + b - c
  const pa = Math.abs(p - a)
  const pb = Math.abs(p - b)
  const pc = Math.abs(p - c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

/** Reverses a row's PNG filter into `data` at `row`, the previous row (if any) being just before it. */
const unfilter = (filter: number, line: Uint8Array, data: Uint8Array, row: number, stride: number, channels: number): void => {
  const up = row - stride
  if (filter === 0) {
    data.set(line, row)
  } else if (filter === 1) {
    for (let x = 0; x < stride; x++) data[row + x] = ((line[x] as number) + (x >= channels ? (data[row + x - channels] as number) : 0)) & 0xff
  } else if (filter === 2) {
    for (let x = 0; x < stride; x++) data[row + x] = ((line[x] as number) + (up >= 0 ? (data[up + x] as number) : 0)) & 0xff
  } else if (filter === 3 || filter === 4) {
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? (data[row + x - channels] as number) : 0
      const b = up >= 0 ? (data[up + x] as number) : 0
      const c = x >= channels && up >= 0 ? (data[up + x - channels] as number) : 0
      data[row + x] = ((line[x] as number) + (filter === 3 ? (a + b) >> 1 : paeth(a, b, c))) & 0xff
    }
  } else {
    throw new Error(`bad PNG: filter type ${filter}`)
  }
}

export const decodePng = (png: Buffer): Pixels => {
  let header: Buffer | null = null
  const compressed: Buffer[] = []
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset)
    const type = png.toString('latin1', offset + 4, offset + 8)
    const data = png.subarray(offset + 8, offset + 8 + length)
    if (type === 'IHDR') header = data
    else if (type === 'IDAT') compressed.push(data)
    else if (type === 'IEND') break
    offset += 12 + length
  }
  if (header === null) throw new Error('not a PNG: no IHDR chunk')
  const width = header.readUInt32BE(0)
  const height = header.readUInt32BE(4)
  const [depth, colour, , , interlace] = header.subarray(8, 13)
  if (depth !== 8 || (colour !== 2 && colour !== 6) || interlace !== 0) {
    throw new Error(`unsupported PNG: bit depth ${depth}, colour type ${colour}, interlace ${interlace}`)
  }
  const channels = colour === 6 ? 4 : 3
  const stride = width * channels
  const raw = inflateSync(Buffer.concat(compressed))
  const data = new Uint8Array(height * stride)
  for (let y = 0; y < height; y++) {
    unfilter(raw[y * (stride + 1)] as number, raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)), data, y * stride, stride, channels)
  }
  return { width, height, channels, data }
}

/**
 * The smallest box holding every pixel that differs between two images of one size by more than `tolerance` in
 * some channel, or null when none does. Chromium may paint the same page a unit apart here and there (its raster
 * rounds differently once a box's clip changes), which a tolerance of 2 or so ignores.
 */
export const differingBox = (a: Pixels, b: Pixels, tolerance = 0): PixelBox | null => {
  if (a.width !== b.width || a.height !== b.height || a.channels !== b.channels) {
    throw new Error(`images differ in size: ${a.width}x${a.height} and ${b.width}x${b.height}`)
  }
  const stride = a.width * a.channels
  const rowOf = (image: Pixels, y: number): Buffer => Buffer.from(image.data.buffer, image.data.byteOffset + y * stride, stride)
  let box: PixelBox | null = null
  for (let y = 0; y < a.height; y++) {
    const rowA = rowOf(a, y)
    const rowB = rowOf(b, y)
    if (rowA.equals(rowB)) continue
    for (let at = 0; at < stride; at++) {
      if (Math.abs((rowA[at] as number) - (rowB[at] as number)) <= tolerance) continue
      const x = Math.floor(at / a.channels)
      box = box === null
        ? { left: x, top: y, right: x + 1, bottom: y + 1 }
        : { left: Math.min(box.left, x), top: box.top, right: Math.max(box.right, x + 1), bottom: y + 1 }
    }
  }
  return box
}
