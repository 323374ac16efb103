#!/usr/bin/env node
// CommonJS (bin/package.json): see scripts/bundle.js for why.
require('../dist/cli.cjs').main(process.argv.slice(2)).then((code) => {
  process.exitCode = code
})
