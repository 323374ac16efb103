/**
 * How long a request took, as logged (`$request_time` `0.003` seconds,
 * Apache `%D` microseconds, `%T` seconds, `%{ms}T` milliseconds), in
 * microseconds. Digits are read exactly, never through a float.
 */

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,9}))?$/

/** The duration in whole microseconds, or null for `-` and anything that is not a number. */
export function parseDuration(text: string, microsPerUnit: number): number | null {
  const m = DECIMAL.exec(text)
  if (!m) return null
  const whole = Number(m[1]) * microsPerUnit
  const fraction = m[2]
  if (fraction === undefined) return whole
  // fraction digits × unit, to the microsecond (0.0015 s → 1500 µs, 1.5 ms → 1500 µs)
  return whole + Math.round((Number(fraction) * microsPerUnit) / 10 ** fraction.length)
}
