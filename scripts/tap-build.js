#!/usr/bin/env node
// tap's Test class built with the plugins package.json names (it leaves out @tapjs/typescript: the
// tests load through tsx). A fresh install holds tap's default build; `tap build` (about 10 s of
// CPU) makes ours. npm ci runs this after the bundle (package.json's `dependencies` script), so
// `npm test` starts its tests at once; test/run-tests.js builds it too when it is not current (a
// plugin list changed since the install). Without tap installed (npm ci --omit=dev) there is
// nothing to build.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)

/** tap's command, run by node itself; null when tap is not installed. */
export const tapBin = () => {
  try {
    const manifest = require.resolve('tap/package.json')
    const { bin } = JSON.parse(readFileSync(manifest, 'utf8'))
    return join(dirname(manifest), typeof bin === 'string' ? bin : bin.tap)
  } catch {
    return null
  }
}

/**
 * Whether tap's Test class is built with the plugins package.json names: then `tap build` has
 * nothing to do. When `tap run` rebuilds it itself, the first run still hands every test process
 * the default build's typescript loader, so the build comes before the run.
 */
export const tapBuildIsCurrent = async () => {
  try {
    const { TapConfig } = await import('@tapjs/config')
    const { signature } = await import('@tapjs/test/test-built')
    return signature === (await TapConfig.load()).pluginSignature
  } catch {
    return false
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tap = tapBin()
  if (tap !== null && !(await tapBuildIsCurrent())) {
    const built = spawnSync(process.execPath, [tap, 'build'], { stdio: ['ignore', 'ignore', 'inherit'] })
    process.exitCode = built.status ?? 1
  }
}
