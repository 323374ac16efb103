#!/usr/bin/env node
// CommonJS (bin/package.json): see scripts/bundle.js for why.

// Node's compile cache (22.1+; Node 20 has none and compiles as before), switched on before the
// program is loaded: a run reads the compiled code of dist/ that an earlier run saved. Its folder
// is dist/compile-cache, inside the package, not Node's default under os.tmpdir(): the tool runs
// as root from cron, and compiled code another user planted in a shared folder would run as
// root. Only who installed the package can write dist/, and could change the code itself anyway.
// Node keeps each version's cache apart and takes a file only for the source it was made from.
// A user who cannot write the folder (another user running root's install) runs without the
// cache: Node then says nothing, the run goes on (test/cli/compile-cache.test.ts).
require('node:module').enableCompileCache?.(`${__dirname}/../dist/compile-cache`)

let cli
try {
  cli = require('../dist/cli.cjs')
} catch (error) {
  // a clone linked (npm install -g .) before npm ci bundled the program into dist/
  if (error.code !== 'MODULE_NOT_FOUND' || !String(error.message).includes('../dist/cli.cjs')) throw error
  process.stderr.write(`profiler-search: the program is not built in ${require('node:path').dirname(__dirname)} (run npm ci there: it bundles dist/)\n`)
  process.exit(2)
}
cli.main(process.argv.slice(2)).then((code) => {
  process.exitCode = code
})
