/** Gzip data is recognised by its first two bytes (1f 8b), whatever the file is called. */

export const GZIP_MAGIC = [0x1f, 0x8b] as const

/** Whether these bytes begin gzip data. */
export const isGzip = (head: Uint8Array): boolean => head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]
