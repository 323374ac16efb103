/**
 * The layout reads as the pipeline only if nothing imports back up it: no
 * import cycle between the files of src/, nor between its folders (a folder
 * imports another when any of its files does). Type-only imports count too.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import t from 'tap'
import ts from 'typescript'
import { ROOT } from '../helpers/run-cli.js'

const SRC = join(ROOT, 'src')

const sources = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
  entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [])

/** file → the files of src/ it imports (static, dynamic and type-only). */
const importGraph = (): Map<string, string[]> => {
  const graph = new Map<string, string[]>()
  for (const file of sources(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    graph.set(file, importedFiles
      .map(({ fileName }) => fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => {
        // a module written by the build is imported through its declaration file
        const source = resolve(dirname(file), name.replace(/\.js$/, '.ts'))
        return existsSync(source) ? source : source.replace(/\.ts$/, '.d.ts')
      }))
  }
  return graph
}

/** Every cycle found by a depth-first walk, each as its path. */
const cycles = (graph: ReadonlyMap<string, readonly string[]>): string[][] => {
  const found: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (node: string): void => {
    state.set(node, 'open')
    path.push(node)
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next])
      else if (!state.has(next)) visit(next)
    }
    path.pop()
    state.set(node, 'done')
  }
  for (const node of graph.keys()) if (!state.has(node)) visit(node)
  return found
}

const name = (path: string): string => relative(SRC, path) || '.'

t.test('no file of src/ imports itself back through others', async (t) => {
  const graph = importGraph()
  t.ok(graph.size > 80, `${graph.size} files read`)
  const missing = [...graph.values()].flat().filter((target) => !graph.has(target))
  t.strictSame(missing.map(name), [], 'every import names a file of src/')
  t.strictSame(cycles(graph).map((cycle) => cycle.map(name).join(' → ')), [])
})

t.test('no folder of src/ imports itself back through others', async (t) => {
  const folders = new Map<string, Set<string>>()
  for (const [file, targets] of importGraph()) {
    const from = dirname(file)
    const into = folders.get(from) ?? new Set<string>()
    folders.set(from, into)
    for (const target of targets) if (dirname(target) !== from) into.add(dirname(target))
  }
  const graph = new Map([...folders].map(([folder, into]) => [folder, [...into]]))
  t.ok(graph.size > 12, `${graph.size} folders`)
  t.strictSame(cycles(graph).map((cycle) => cycle.map(name).join(' → ')), [])
})
