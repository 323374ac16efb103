/** A large, deterministic combined log for the publishing tests: the benchmark's generator, run in a child. */

import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { NODE, NODE_ARGS } from './run-cli.js'

const GENERATOR = fileURLToPath(new URL('../bench/generate-log.js', import.meta.url))

/** `style`: nginx (+0100, in order), apache (-0500, some lines a few seconds out of order) or wild (a shop's log as real ones look: see generate-log.js). */
export const writeLargeLog = (path: string, lines: number, seed = 42, style: 'nginx' | 'apache' | 'wild' = 'nginx'): void => {
  execFileSync(NODE, [
    ...NODE_ARGS,
    '--input-type=module', '-e',
    `const { generateLog } = await import(${JSON.stringify(GENERATOR)}); await generateLog(process.argv[1], Number(process.argv[2]), { seed: Number(process.argv[3]), style: process.argv[4] })`,
    path, String(lines), String(seed), style,
  ])
}

/** A complete page: the whole document, with as many table rows as its count line says. */
export const isCompletePage = (html: string): boolean => {
  if (!html.startsWith('<!DOCTYPE html>\n') || !html.endsWith('</html>\n')) return false
  const count = /<h2>(\d+) results found<\/h2>/.exec(html)?.[1]
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1]
  return count !== undefined && body !== undefined && (body.match(/<tr>/g)?.length ?? 0) === Number(count)
}
