/**
 * Remembers a pure test's answers for the values seen most recently. Log
 * fields such as client addresses and user agents repeat a lot, so a costly
 * test (a CIDR parse, the bot pattern) runs once per distinct value. The
 * memory is bounded: the table is emptied when it is full.
 */
export function memoized(test: (value: string) => boolean, capacity = 4096): ((value: string) => boolean) {
  const seen = new Map<string, boolean>()
  return (value) => {
    const known = seen.get(value)
    if (known !== undefined) return known
    const answer = test(value)
    if (seen.size >= capacity) seen.clear()
    seen.set(value, answer)
    return answer
  }
}
