/** A size in bytes as people read it: `820 kB`, `31.5 MB`, `1.14 GB` (decimal units, as `ls -h --si` shows them). */
export function byteSize(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.round(bytes / 1e3)} kB`
}
