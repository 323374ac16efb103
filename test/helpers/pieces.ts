/** Output pieces gathered, for tests. */

import type { Pieces } from '../../src/write/pieces.js'

/** The pieces as they come, all held (a string is one piece). */
export const pieceList = async (pieces: Pieces): Promise<string[]> => {
  const all: string[] = []
  for await (const piece of typeof pieces === 'string' ? [pieces] : pieces) all.push(piece)
  return all
}

/** All the pieces as one string. */
export const joined = async (pieces: Pieces): Promise<string> => (await pieceList(pieces)).join('')
