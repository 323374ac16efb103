/** bcryptjs, required when first asked for (`profiler-search htpasswd`'s hash): a run that checks no password never loads it. */

import { createRequire } from 'node:module'

// required, not imported: the bundle runs as a script, where a dynamic import() has no loader
const require = createRequire(import.meta.url)
let bcrypt: typeof import('bcryptjs') | undefined

export function bcryptjs(): typeof import('bcryptjs') {
  return (bcrypt ??= require('bcryptjs') as typeof import('bcryptjs'))
}
