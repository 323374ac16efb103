/**
 * The promise API of the file system that this program uses, made from
 * node:fs's callbacks. Node's own node:fs/promises loads eleven internal
 * modules when it is first required (readline, fs watchers, directory
 * streams among them): about 3 ms of a ten-line cron run, a tenth of what the
 * program itself may cost (npm run bench, start-up). The operations are the
 * same system calls on the same thread pool, so a run still answers SIGTERM
 * while a disk or a network share is slow; only what is loaded differs.
 *
 * FileHandle keeps the shape of Node's FileHandle for the calls made here,
 * so a test may hand either to code that reads through one.
 */

import {
  access as accessCb, chmod as chmodCb, chown as chownCb, close, fchmod, fchown, fstat, fsync, lstat as lstatCb, mkdir as mkdirCb,
  open as openCb, read, readdir as readdirCb, readFile as readFileCb, readlink as readlinkCb, realpath as realpathCb, rename as renameCb, rm as rmCb,
  rmdir as rmdirCb, stat as statCb, unlink as unlinkCb, write,
  type MakeDirectoryOptions, type Mode, type OpenMode, type PathLike, type RmOptions, type Stats,
} from 'node:fs'
import { promisify } from 'node:util'

export const stat: (path: PathLike) => Promise<Stats> = promisify(statCb)
export const lstat: (path: PathLike) => Promise<Stats> = promisify(lstatCb)
export const access: (path: PathLike, mode?: number) => Promise<void> = promisify(accessCb)
export const rename: (from: PathLike, to: PathLike) => Promise<void> = promisify(renameCb)
export const readdir: (path: PathLike) => Promise<string[]> = promisify(readdirCb)
export const chmod: (path: PathLike, mode: Mode) => Promise<void> = promisify(chmodCb)
export const chown: (path: PathLike, uid: number, gid: number) => Promise<void> = promisify(chownCb)
export const rm: (path: PathLike, options?: RmOptions) => Promise<void> = promisify(rmCb)
export const mkdir = promisify(mkdirCb) as (path: PathLike, options?: MakeDirectoryOptions) => Promise<string | undefined>
export const unlink: (path: PathLike) => Promise<void> = promisify(unlinkCb)
export const rmdir: (path: PathLike) => Promise<void> = promisify(rmdirCb)
export const readlink = promisify(readlinkCb) as (path: PathLike) => Promise<string>
export const realpath = promisify(realpathCb) as (path: PathLike) => Promise<string>
export const readFile = promisify(readFileCb) as (path: PathLike, encoding: BufferEncoding) => Promise<string>

/** The calls that settle with a value, or fail with the error the callback gets. */
const settled = <T>(start: (done: (e: NodeJS.ErrnoException | null, value: T) => void) => void): Promise<T> =>
  new Promise((resolve, reject) => start((e, value) => (e ? reject(e) : resolve(value))))

const done = (start: (done: (e: NodeJS.ErrnoException | null) => void) => void): Promise<void> =>
  new Promise((resolve, reject) => start((e) => (e ? reject(e) : resolve())))

/** The error of a call on a closed file, as Node's FileHandle gives it. */
const closedError = (syscall: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`EBADF: bad file descriptor, ${syscall}`), { code: 'EBADF', errno: -9, syscall })

/** An open file. After close() every call fails with EBADF, as Node's does; a second close() does nothing. */
export class FileHandle {
  #fd: number

  constructor(fd: number) {
    this.#fd = fd
  }

  get fd(): number {
    return this.#fd
  }

  /** The descriptor for `syscall`; throws (so the call's promise rejects) when the file was closed. */
  #open(syscall: string): number {
    if (this.#fd < 0) throw closedError(syscall)
    return this.#fd
  }

  /** Reads into `buffer` at `offset`; `position` null reads on from where the last read ended. */
  read(buffer: Buffer, offset: number, length: number, position: number | null): Promise<{ bytesRead: number; buffer: Buffer }> {
    return settled<number>((cb) => read(this.#open('read'), buffer, offset, length, position, cb)).then((bytesRead) => ({ bytesRead, buffer }))
  }

  /** Writes at the file's current position; a write may take fewer bytes than it was given. */
  write(buffer: Buffer, offset: number, length: number): Promise<{ bytesWritten: number; buffer: Buffer }> {
    return settled<number>((cb) => write(this.#open('write'), buffer, offset, length, null, cb)).then((bytesWritten) => ({ bytesWritten, buffer }))
  }

  stat(): Promise<Stats> {
    return settled<Stats>((cb) => fstat(this.#open('fstat'), cb))
  }

  sync(): Promise<void> {
    return done((cb) => fsync(this.#open('fsync'), cb))
  }

  chmod(mode: Mode): Promise<void> {
    return done((cb) => fchmod(this.#open('fchmod'), mode, cb))
  }

  chown(uid: number, gid: number): Promise<void> {
    return done((cb) => fchown(this.#open('fchown'), uid, gid, cb))
  }

  /** Hands the descriptor to a new owner (a net.Socket, which closes it); from then on this handle is closed, without closing it. */
  release(): number {
    const fd = this.#open('release')
    this.#fd = -1
    return fd
  }

  close(): Promise<void> {
    const fd = this.#fd
    if (fd < 0) return Promise.resolve()
    this.#fd = -1
    return done((cb) => close(fd, cb))
  }
}

/** Opens `path` as fs.open does (`flags` a string such as 'r' or 'wx+', or O_* constants). */
export const open = (path: PathLike, flags: OpenMode = 'r', mode?: Mode): Promise<FileHandle> =>
  settled<number>((cb) => openCb(path, flags, mode, cb)).then((fd) => new FileHandle(fd))
