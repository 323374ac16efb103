/**
 * A plain file read through a descriptor the process holds open: a worker
 * reads the main thread's descriptor (descriptors belong to the process),
 * so it reads the very file the run opened, whatever its name leads to now.
 * Reads are positioned: nobody's offset moves. The main thread closes it.
 */

import { fstat, read } from 'node:fs'
import { promisify } from 'node:util'
import type { PositionedFile } from '../input/backward-lines.js'

const readAt = promisify(read)
const statOf = promisify(fstat)

export function descriptorFile(fd: number): PositionedFile {
  return {
    read: (buffer, offset, length, position) => readAt(fd, buffer, offset, length, position),
    stat: () => statOf(fd),
  }
}
