/**
 * Writing the files of an `--out-dir` site into its working folder: each file
 * as it is made (one profile page at a time, never the whole site in memory),
 * a few at a time, then the marker, then every folder flushed. The working
 * folder is the caller's, pinned and writable by nobody else, so the names
 * made in it (`profiles/`, each page) cannot be turned into links by anyone.
 */

import { constants } from 'node:fs'
import { dirname } from 'node:path'
import { mkdir, open } from 'node:fs/promises'
import { writeAll } from './atomic-file.js'
import type { SiteFile, SiteFiles } from '../render/page.js'
import type { StopRequest } from '../stop.js'
import { batched } from './pieces.js'
import type { PinnedFolder } from './pinned-folder.js'

/** The file that marks a folder as a site written by us. */
export const SITE_MARKER = '.profiler-search-site'
export const MARKER_TEXT = 'This folder is written by profiler-search build --out-dir and is replaced as a whole on every run.\n'

/** How many files are written at the same time (so at most this many are held). */
export const WRITE_CONCURRENCY = 16
/** Site paths are ours (`profiles/<token>.html`): no dot files, no `..`, nothing else. */
const SAFE_PATH = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/

/** A page of the site: 0644 and its folders 0755, less the umask; made here (never an existing name). */
async function writeOne(root: PinnedFolder, file: SiteFile, stop: StopRequest): Promise<void> {
  const path = root.at(file.path)
  await mkdir(dirname(path), { recursive: true, mode: 0o755 })
  const handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644)
  try {
    for await (const bytes of batched(file.content)) {
      stop.check()
      await writeAll(handle, bytes)
    }
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Flushes a folder's entries (the names of the files just written); it is in the working folder, or that folder itself (a /proc link, so followed). */
async function syncFolder(path: string): Promise<void> {
  const handle = await open(path, constants.O_RDONLY | constants.O_DIRECTORY)
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** The files given, each path checked as it comes, then the marker. */
async function* withMarker(files: SiteFiles): AsyncGenerator<SiteFile> {
  for await (const file of files) {
    if (!SAFE_PATH.test(file.path)) throw new Error(`unsafe site path ${JSON.stringify(file.path)}`)
    yield file
  }
  yield { path: SITE_MARKER, content: MARKER_TEXT }
}

/**
 * Writes the files into `root` as they come, WRITE_CONCURRENCY at a time,
 * and the marker, then flushes their folders. A failed write stops new ones
 * from starting; it is thrown once those under way have ended, so none adds
 * a file after the folder is removed.
 */
export async function writeSiteFiles(root: PinnedFolder, files: SiteFiles, stop: StopRequest): Promise<void> {
  const writing = new Set<Promise<void>>()
  const failures: unknown[] = []
  const folders = new Set<string>()
  try {
    for await (const file of withMarker(files)) {
      stop.check()
      if (failures.length > 0) break
      folders.add(dirname(root.at(file.path)))
      const write: Promise<void> = writeOne(root, file, stop)
        .catch((e: unknown) => void failures.push(e))
        .finally(() => writing.delete(write))
      writing.add(write)
      if (writing.size >= WRITE_CONCURRENCY) await Promise.race(writing)
    }
  } finally {
    await Promise.all(writing)
  }
  if (failures.length > 0) throw failures[0]
  for (const folder of folders) await syncFolder(folder)
}
