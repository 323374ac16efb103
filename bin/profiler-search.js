#!/usr/bin/env node
// CommonJS (bin/package.json): see scripts/bundle.js for why.
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
