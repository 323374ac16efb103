/** WCAG 2.x contrast: relative luminance of sRGB colours and the ratio of two of them. */

export type Rgb = readonly [number, number, number]

/** `rgb(1, 2, 3)` or `rgba(1, 2, 3, 1)` as computed styles give them; a colour with alpha is rejected. */
export const parseRgb = (css: string): Rgb => {
  const match = /^rgba?\((\d+(?:\.\d+)?), (\d+(?:\.\d+)?), (\d+(?:\.\d+)?)(?:, ([\d.]+))?\)$/.exec(css)
  if (!match || (match[4] !== undefined && Number(match[4]) !== 1)) throw new Error(`not an opaque rgb() colour: ${css}`)
  return [Number(match[1]), Number(match[2]), Number(match[3])]
}

/** `#4f805d` → [79, 128, 93]. */
export const hexRgb = (hex: string): Rgb => {
  const n = Number.parseInt(hex.replace(/^#/, ''), 16)
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]
}

const channel = (value: number): number => {
  const c = value / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

export const relativeLuminance = ([r, g, b]: Rgb): number =>
  0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)

export const contrastRatio = (a: Rgb, b: Rgb): number => {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}
