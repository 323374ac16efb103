/**
 * How a run reads on several threads, as the sources see it: the sizes from
 * which the work goes elsewhere, and what takes it there (workers/ makes
 * them, over the run's worker threads). The sizes alone decide how an
 * input is read (which stretches, in which order, when to stop), never the
 * number of threads: a run on one core reads the same stretches itself and
 * writes the same bytes.
 */

import type { LinePiece } from '../input/line-pieces.js'
import type { Batch } from './batch.js'

export interface ThreadSizes {
  /** An input read forwards with at least this many bytes (its size, or read so far) has its lines past the first read on the workers. */
  minBytes: number
  /** A file read from its end whose result is not decided after this many bytes has the rest read in ranges, newest first. */
  backwardBytes: number
  /** The size of those ranges: reading stops (once decided) after a whole range. */
  rangeBytes: number
  /** The pieces the main thread sends a worker when it reads an input forwards: a few thousand lines, a few milliseconds each. */
  pieceBytes: number
}

/** Large enough that a run the workers would not speed up (a small log, the newest rows of a big one) never starts one. */
export const THREAD_SIZES: ThreadSizes = {
  minBytes: 32 * 1024 * 1024, backwardBytes: 16 * 1024 * 1024, rangeBytes: 8 * 1024 * 1024, pieceBytes: 1024 * 1024,
}

/** The input a stretch read elsewhere belongs to. */
export interface InputStretch {
  label: string
  /** Its rank in the age order: its records' places. */
  rank: number
  /** The format its start decided. */
  format: string
  /** The presets noted for it already (log-lines.ts retryNote). */
  noted: Set<string>
}

/** Where the rest of an input read forwards starts. */
export interface ReadSoFar {
  /** Lines read, blank ones too: the next one is numbered one more. */
  lines: number
  bytes: number
  /** The input's size, when known. */
  size: number | null
}

/** The rest of an input read forwards, piece by piece, elsewhere: taken in order, as if read here. */
export interface PiecesElsewhere {
  /** Non-blank lines of the pieces taken so far. */
  readonly linesRead: number
  /** Hands a piece on (waits while the workers are full). */
  send(piece: LinePiece): Promise<void>
  /** Memory for the next piece, of `bytes` bytes: that of a piece read already, when one came back large enough. */
  buffer(bytes: number): Buffer
  /** The pieces read by now, in order: a batch each. */
  taken(): Iterable<Batch>
  /** Every piece sent, then the records of them all: the last batch. */
  rest(): AsyncIterable<Batch>
}

/** The lines before `end` of a plain file read from its end, whose newest part did not decide the result. */
export interface OlderPart {
  fd: number
  /** The file's size when opened. */
  size: number
  /** The lines between `start` and `end` are read (`start`: a line's start). */
  start: number
  end: number
  /** Bytes read from the end before. */
  read: number
  /** Bytes per read. */
  blockSize: number
}

/** Those lines read in ranges elsewhere, newest first: a batch per range. */
export interface RangesElsewhere {
  readonly linesRead: number
  readonly bytesRead: number
  batches(): AsyncGenerator<Batch>
}

export interface ThreadedReading extends ThreadSizes {
  /** The rest of a forward input on the workers; null when the run reads on this thread alone (then all is read here). */
  pieces: ((input: InputStretch, from: ReadSoFar) => PiecesElsewhere) | null
  /** The older part of a file read from its end, in ranges (on this thread when there are no workers). */
  ranges: (input: InputStretch, part: OlderPart) => RangesElsewhere
}
