/** Texts in code point order: the same on every machine and in every locale (a run's order of inputs must not depend on either). */
export function byCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
