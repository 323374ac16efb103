/**
 * The last step of every command: a listing published where the options
 * say, one publisher per run, opened before anything is read so a target
 * that cannot be written stops the run before any work is done:
 *
 * - FilePublisher (`-o FILE`): the page or the rows, atomically; its folder
 *   pinned and a temporary file reserved from the start (atomic-file.ts);
 * - SitePublisher (`--out-dir DIR`): the site, swapped in whole (site-dir.ts);
 * - StdoutPublisher: the page or the rows on stdout (stdout.ts).
 *
 * A publisher may publish again (a watch): each time the same checks, the
 * same atomic replacement, in the folder pinned at the start.
 */

import type { Writable } from 'node:stream'
import { renderListing, renderListingSite, type Listing, type OutputFormat } from '../render/listing.js'
import { RENEW_UNCHANGED_PAGE_MS } from '../profile/page-stamp.js'
import { STAMP_REGION } from '../render/page.js'
import { pinOutputFile, ReservedFile, type CommitOptions, type OutputPlace, type Published } from './atomic-file.js'
import { refuseOutputFileAmongInputs, refuseSiteHoldingInputs } from './output-not-input.js'
import { pinSiteDir, publishSite, type SitePlace } from './site-dir.js'
import { writeToStdout } from './stdout.js'

/** What publishing did: replaced the target, left it alone (`--if-changed`, identical), or wrote to stdout. */
export type PublishResult = Published | 'stdout'

export interface Publisher {
  /** The target as messages name it: the `-o` path, `--out-dir DIR`, or `stdout`. */
  readonly name: string
  publish(listing: Listing, options?: CommitOptions): Promise<PublishResult>
  /** Lets go of the target: a reserved file not published is removed, a pinned folder closed. */
  close(): Promise<void>
}

/** `-o FILE`: a temporary file beside it, renamed over it once complete. */
export class FilePublisher implements Publisher {
  readonly #place: OutputPlace
  readonly #format: OutputFormat
  /** The temporary file the next publish writes: reserved at the start, and again after each publish, when needed. */
  #reserved: ReservedFile | null

  private constructor(place: OutputPlace, format: OutputFormat, reserved: ReservedFile) {
    this.#place = place
    this.#format = format
    this.#reserved = reserved
  }

  /** The publisher of the file at `place`, its temporary file reserved now; closes the place's folder if that fails. */
  static async open(place: OutputPlace, format: OutputFormat): Promise<FilePublisher> {
    try {
      return new FilePublisher(place, format, await ReservedFile.reserve(place))
    } catch (e) {
      await place.folder.close()
      throw e
    }
  }

  get name(): string {
    return this.#place.path
  }

  async publish(listing: Listing, options: CommitOptions = {}): Promise<Published> {
    const file = this.#reserved ?? await ReservedFile.reserve(this.#place)
    this.#reserved = null
    // made piece by piece as it is written: never the whole output in memory; a page is compared without its stamp, which is renewed now and then
    const page = this.#format.emit === 'html'
    return file.commit(renderListing(listing, this.#format), { ...options, ignoring: page ? STAMP_REGION : null, renewAfterMs: page ? RENEW_UNCHANGED_PAGE_MS : null })
  }

  async close(): Promise<void> {
    this.#reserved?.discard()
    this.#reserved = null
    await this.#place.folder.close()
  }
}

/** `--out-dir DIR`: the site, written beside DIR and swapped in whole. */
export class SitePublisher implements Publisher {
  readonly #place: SitePlace

  constructor(place: SitePlace) {
    this.#place = place
  }

  get name(): string {
    return `--out-dir ${this.#place.dir}`
  }

  async publish(listing: Listing): Promise<Published> {
    await publishSite(this.#place, renderListingSite(listing))
    return 'written'
  }

  close(): Promise<void> {
    return this.#place.parent.close()
  }
}

/** No target named: stdout, asked for only when written. */
export class StdoutPublisher implements Publisher {
  readonly name = 'stdout'
  readonly #stdout: () => Writable
  readonly #format: OutputFormat

  constructor(stdout: () => Writable, format: OutputFormat) {
    this.#stdout = stdout
    this.#format = format
  }

  async publish(listing: Listing): Promise<'stdout'> {
    await writeToStdout(this.#stdout(), renderListing(listing, this.#format))
    return 'stdout'
  }

  close(): Promise<void> {
    return Promise.resolve()
  }
}

export interface PublishTarget {
  /** `-o`, or null. */
  output: string | null
  /** `--out-dir`, or null. */
  outDir: string | null
  format: OutputFormat
  /** Paths the run reads (logs, notices files): never replaced by the output. */
  inputs: readonly string[]
}

/**
 * The publisher of `target`, checked and pinned: its folder (see
 * pinned-folder.ts) and, for a file, its temporary file; an output that is
 * one of the inputs is refused. Relative paths are read from `cwd`.
 */
export async function openPublisher(target: PublishTarget, cwd: string, stdout: () => Writable): Promise<Publisher> {
  if (target.outDir !== null) {
    const place = await pinSiteDir(target.outDir, cwd)
    const publisher = new SitePublisher(place)
    await refuseSiteHoldingInputs(place, target.inputs, cwd).catch(async (e: unknown) => {
      await publisher.close()
      throw e
    })
    return publisher
  }
  if (target.output !== null) {
    const place = await pinOutputFile(target.output, cwd)
    await refuseOutputFileAmongInputs(place, target.inputs, cwd).catch(async (e: unknown) => {
      await place.folder.close()
      throw e
    })
    return FilePublisher.open(place, target.format)
  }
  return new StdoutPublisher(stdout, target.format)
}
