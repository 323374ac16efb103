/** Each item of a list made into another only when it is reached: a row's text exists while it is written, not all at once. */
export function* lazyMap<T, U>(list: Iterable<T>, map: (item: T) => U): Generator<U> {
  for (const item of list) yield map(item)
}
