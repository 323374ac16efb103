/**
 * Files shipped with the package (package.json, schema/), found from the
 * package root. This module sits one level below the root both as source
 * (src/) and bundled (dist/cli.cjs, dist/program.cjs), so one relative URL serves both.
 */

const ROOT = new URL('../', import.meta.url)

/** The URL of a file of the package, by its path from the package root. */
export function packageFile(path: string): URL {
  return new URL(path, ROOT)
}
