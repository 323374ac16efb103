#!/usr/bin/env node
// The build after the type check (`npm run build`): the templates precompiled into
// build/compiled-templates.js (git-ignored, never in src/: package.json's "imports" maps
// #compiled-templates to it, and to src/render/compiled-templates.d.ts for TypeScript), then the
// CLI bundled by esbuild into dist/:
// - cli.cjs, what every run loads (bin/profiler-search.js requires it): it answers --version
//   by itself, and loads
// - program.cjs, the program, required when a command runs (Node 22.1+ reads its compiled
//   code from the compile cache the bin switches on: bin/profiler-search.js);
// - worker.cjs, what a worker thread runs when a large input is read on several threads.
// All are CommonJS, though src/ is written as ES modules: an ES module entry makes Node start
// its ES module loader, which costs a small run 5-10 ms (node empty.mjs against node empty.cjs:
// 1.08x; npm run bench shows it).
// Source maps let a bug's stack name src/ files and lines (src/cli/bug-report.ts).
// Libraries a run may not need (luxon, ajv, isbot, ipaddr.js, bcryptjs, @clickhouse/client) stay out of the bundle and
// are loaded from node_modules when a run needs them.
// npm ci runs this as package.json's `dependencies` script, not `prepare`: npm also runs prepare
// for npm pack, and prints its banner to stdout there, so the README's `npm install -g $(npm pack)`
// would be handed "> profiler-search@0.1.0 prepare" as packages to install (tried in a fresh clone).
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import Handlebars from 'handlebars'

const root = new URL('../', import.meta.url)

/** The newest modification time among the files under these paths (0 when none exists). */
const newest = (paths) => Math.max(0, ...paths.flatMap((path) => {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat) return []
  return stat.isDirectory() ? [newest(readdirSync(path).map((name) => join(path, name)))] : [stat.mtimeMs]
}))

// --if-stale (npm test): nothing to do when the bundle is newer than everything it is made from.
const inputs = ['src', 'templates', 'scripts', 'package.json', 'package-lock.json'].map((path) => new URL(path, root).pathname)
const outputs = ['build/compiled-templates.js', 'dist/worker.cjs'].map((path) => new URL(path, root).pathname)
if (process.argv.includes('--if-stale') && Math.min(...outputs.map((path) => newest([path]))) > newest(inputs)) process.exit(0)
const template = (name) => Handlebars.precompile(readFileSync(new URL(`templates/${name}.hbs`, root), 'utf8'), { strict: true })

mkdirSync(new URL('build/', root), { recursive: true })
writeFileSync(new URL('build/compiled-templates.js', root), `// Written by scripts/bundle.js from templates/: do not edit.
export const page = ${template('page')}
export const profile = ${template('profile')}
export const items = { notice: ${template('notice')}, row: ${template('row')}, detail: ${template('detail')} }
export const partials = { sidebar: ${template('sidebar')}, searchForm: ${template('search-form')} }
export const message = ${template('message')}
export const stylesheet = ${JSON.stringify(readFileSync(new URL('templates/page.css', root), 'utf8').trimEnd())}
export const formStylesheet = ${JSON.stringify(readFileSync(new URL('templates/search-form.css', root), 'utf8').trimEnd())}
`)

rmSync(new URL('dist/', root), { recursive: true, force: true })
const common = {
  absWorkingDir: new URL('.', root).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
}

/**
 * commander requires node:child_process when it loads, for subcommands that are separate
 * executables, which this program has none of; loading it costs a run more than it reads a
 * small log. It is required when first used instead.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(build) {
    build.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'lazy' } : undefined)
    build.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
      contents: "let m; module.exports = new Proxy({}, { get: (_, key) => (m ??= require('node:child_process'))[key] })",
      loader: 'js',
    }))
  },
}

/** The entry requires the program from the bundle: load-program.ts gives way to load-program-bundled.ts. */
const bundledProgram = {
  name: 'bundled-program',
  setup(build) {
    build.onResolve({ filter: /^\.\/load-program\.js$/ }, () => ({ path: new URL('src/cli/load-program-bundled.ts', root).pathname }))
  },
}

/** A CommonJS bundle of ES modules: import.meta.url is the bundle's own URL. */
const commonJs = {
  ...common,
  format: 'cjs',
  define: { 'import.meta.url': '__import_meta_url' },
  banner: { js: 'var __import_meta_url = require("node:url").pathToFileURL(__filename).href;' },
}

await build({ ...commonJs, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.cjs', plugins: [bundledProgram] })
/** The program starts its worker threads from dist/worker.cjs: worker-script.ts gives way to worker-script-bundled.ts. */
const bundledWorker = {
  name: 'bundled-worker',
  setup(build) {
    build.onResolve({ filter: /^\.\/worker-script\.js$/ }, () => ({ path: new URL('src/workers/worker-script-bundled.ts', root).pathname }))
  },
}

await build({
  ...commonJs,
  entryPoints: ['src/cli/program.ts'],
  outfile: 'dist/program.cjs',
  plugins: [lazyChildProcess, bundledWorker],
  external: ['ajv', 'bcryptjs', 'ipaddr.js', 'isbot', 'luxon', '@clickhouse/client'],
})

// The worker threads' program (src/workers/parse-worker.ts): what reading a stretch of a log needs, no more.
await build({
  ...commonJs,
  entryPoints: ['src/workers/parse-worker.ts'],
  outfile: 'dist/worker.cjs',
  external: ['ajv', 'ipaddr.js', 'isbot', 'luxon'],
})

