/** A seeded PRNG (mulberry32) for tests that want random input, the same on every run. */

export type Random = () => number

export const seeded = (seed: number): Random => {
  let state = seed | 0
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A whole number in [min, max]. */
export const between = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1))

export const pickOne = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T

export const randomBytes = (random: Random, length: number): Buffer => {
  const bytes = Buffer.alloc(length)
  for (let i = 0; i < length; i++) bytes[i] = Math.floor(random() * 256)
  return bytes
}
