/**
 * An output that is also an input is refused before anything is read:
 * `build access.log -o access.log` would replace the log with the page, and
 * `--out-dir` replaces its folder whole, logs in it included.
 */

import { resolve, sep } from 'node:path'
import { usageError } from '../errors.js'
import { lstat, realpath, stat } from 'node:fs/promises'
import type { OutputPlace } from './atomic-file.js'
import type { SitePlace } from './site-dir.js'

/** The files named as inputs (`-` for stdin is none), each as given and as found (links followed); those that cannot be found are passed over (opening them says why). */
function inputFiles(inputs: readonly string[], cwd: string): { name: string; path: string }[] {
  return inputs.filter((name) => name !== '-').map((name) => ({ name, path: resolve(cwd, name) }))
}

/** Refuses `-o` when its target is one of `inputs` (the same file, by any name). */
export async function refuseOutputFileAmongInputs(place: OutputPlace, inputs: readonly string[], cwd: string): Promise<void> {
  const target = await lstat(place.folder.at(place.name)).catch(() => null)
  if (target === null) return
  for (const input of inputFiles(inputs, cwd)) {
    const found = await stat(input.path).catch(() => null)
    if (found !== null && found.ino === target.ino && found.dev === target.dev) {
      throw usageError(`refusing to write ${place.path}: it is the input ${input.name}`, 'give another --output; the page would replace the log')
    }
  }
}

/** Refuses `--out-dir` when one of `inputs` lies inside it (the site replaces the folder as a whole). */
export async function refuseSiteHoldingInputs(site: SitePlace, inputs: readonly string[], cwd: string): Promise<void> {
  const dir = await realpath(site.parent.at(site.name)).catch(() => null)
  if (dir === null) return
  for (const input of inputFiles(inputs, cwd)) {
    const found = await realpath(input.path).catch(() => null)
    if (found !== null && found.startsWith(`${dir}${sep}`)) {
      throw usageError(`refusing --out-dir ${site.dir}: the input ${input.name} is in it`, 'the site replaces the folder as a whole; keep the logs elsewhere')
    }
  }
}
