/**
 * The `serve` job: the Profile Search page that searches, over the logs
 * themselves. The logs are read once into the default page's rows and
 * followed (resident-rows.ts); then the server listens (http-server.ts) and
 * answers each request (routes.ts): the default page from memory, any other
 * search by reading the logs as `build` would, under its deadline.
 *
 *   checks → openInputs → ResidentRows.start (scan, followers) → listen → follow … stop
 *
 * Only 127.0.0.1 (or another loopback address) may be listened on without
 * `--htpasswd`: the pages show client addresses and raw log lines. A
 * problem at start ends the run as it ends a build (exit 1 or 2). SIGINT,
 * SIGTERM and SIGHUP stop it: no new connection is taken, the searches under
 * way end at once with what they found, their pages are sent, and it exits 0.
 */

import { EXIT, usageError } from '../../errors.js'
import { pageClock, pageStamp } from '../../profile/page-stamp.js'
import { checkCriteria } from '../../select/criteria.js'
import { exitOnStopSignal, onStopSignal, Stopped, StopRequest } from '../../stop.js'
import type { JobIO } from '../job-io.js'
import { allowedHostNames } from './host-check.js'
import { FailedLogins } from './failed-logins.js'
import { Htpasswd } from './htpasswd.js'
import { HttpServer } from './http-server.js'
import { hostInUrl, isLoopback, listenUrl, type ListenAddress } from './listen-address.js'
import { ResidentRows } from './resident-rows.js'
import { answer, type Routes } from './routes.js'
import { Searcher, type SearchStop } from './search.js'
import type { ServeOptions } from './serve-options.js'

/** A server running: where it listens, and how it is stopped. */
export interface Serving {
  readonly address: ListenAddress
  /** The line that says where it listens and what it holds. */
  readonly announcement: string
  /** Stops it as a stop signal does; settles once every connection is closed and the logs are let go. */
  stop(reason: NodeJS.Signals): Promise<void>
}

/** Refuses to listen beyond this machine without `--htpasswd`: exit 2 before anything is read. */
export function checkListen(options: ServeOptions): void {
  const { host, port } = options.listen
  if (!isLoopback(host) && options.htpasswd === null) {
    throw usageError(`refusing to listen on ${hostInUrl(host)}:${port} without --htpasswd: the pages show client addresses and raw log lines`,
      'give --htpasswd FILE (made with profiler-search htpasswd FILE USER, or htpasswd -cB FILE USER), or listen on 127.0.0.1')
  }
}

/**
 * Reads the logs, listens, and answers until `stop` is called. A stop signal
 * while the logs are read at start (`starting`) ends it there: Stopped.
 */
export async function startServing(options: ServeOptions, io: JobIO, starting?: StopRequest): Promise<Serving> {
  checkListen(options)
  checkCriteria(options.build.criteria)
  const clock = pageClock(io.env)
  const htpasswd = options.htpasswd === null ? null : await Htpasswd.load(options.htpasswd, io.cwd)
  const resident = await ResidentRows.start(options.build, io, options.follow, starting)
  try {
    starting?.check()
    const routes: Routes = {
      searcher: new Searcher(resident, options, io),
      options,
      htpasswd,
      logins: new FailedLogins(),
      hosts: allowedHostNames(options.listen.host, options.allowHosts),
      searches: new Set<StopRequest<SearchStop>>(),
      stamp: () => pageStamp(clock(), resident.newestLine(), options.build.tz, 'line'),
      io,
    }
    const server = await HttpServer.listen(options.listen, (exchange) => answer(routes, exchange), (line) => void io.stderr.write(`${line}\n`))
    const following = new StopRequest()
    const followed = resident.follow(following)
    return {
      address: server.address,
      announcement: `serving ${listenUrl(server.address)} (${resident.records().length} rows in memory${htpasswd === null ? '' : `; ${htpasswd.users} user(s) of ${options.htpasswd}`})`,
      async stop(reason) {
        following.request(reason)
        for (const search of routes.searches) search.request(reason)
        await server.close()
        await followed
        await resident.close()
      },
    }
  } catch (e) {
    await resident.close()
    throw e
  }
}

/**
 * `serve`: runs until a stop signal, then exits 0 once the requests under
 * way are answered; a stop signal while the logs are read at start ends it
 * there, exit 0 too. It says where it listens once it does.
 */
export async function serve(options: ServeOptions, io: JobIO): Promise<void> {
  // a stop signal ends it, as a service manager expects of a clean stop: exit 0 (only a signal ends it)
  exitOnStopSignal(EXIT.ok)
  const stop = new StopRequest()
  let ended = (): void => undefined
  const done = new Promise<void>((resolve) => {
    ended = resolve
  })
  const releaseStop = onStopSignal((signal) => {
    stop.request(signal)
    return done
  })
  try {
    const serving = await startServing(options, io, stop)
    io.warn(serving.announcement)
    await serving.stop(await stop.whenRequested())
  } catch (e) {
    if (!(e instanceof Stopped)) throw e
    // a stop is said under --verbose only, as every stop of serve is exit 0 without a word
    if (options.build.verbose) io.warn(`stopped by ${e.signal} while reading the logs at start`)
  } finally {
    releaseStop()
    ended()
  }
}
