/** Why a write failed, in words, from the error's errno code (ENOSPC → "no space left on the device"). */

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'its folder does not exist',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  ENOSPC: 'no space left on the device',
  EROFS: 'the file system is read-only',
  ENAMETOOLONG: 'the name is too long',
  EBUSY: 'it is in use (a mount point?)',
  ELOOP: 'too many symbolic links',
  EEXIST: 'a file is in the way',
}

/** `overrides` words a code differently where the writer knows more (a folder swapped by another run). */
export const writeFailure = (e: unknown, overrides: Readonly<Record<string, string>> = {}): string => {
  const code = (e as NodeJS.ErrnoException).code
  if (code === undefined) return String(e)
  return overrides[code] ?? REASONS[code] ?? code
}
