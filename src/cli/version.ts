/** The package's version, as `--version` prints it. */

import { readFileSync } from 'node:fs'
import { packageFile } from '../package-files.js'

export function version(): string {
  return (JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string }).version
}
