// The project's own import graph, read from the source: relative imports
// only (packages are leaves), type-only imports included, since a circle
// of types is still a circle a reader has to follow.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

export function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
}

const IMPORT = /^(?:import|export)\s[^'"]*?\sfrom\s+'(\.[^']+)'/gm

/** Each file of `dirs` and the project files it imports. */
export function importGraph(root: string, dirs: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of dirs.flatMap((dir) => sourceFiles(root, dir))) {
    const source = readFileSync(join(root, file), 'utf8')
    const targets = [...source.matchAll(IMPORT)].flatMap(([, spec = '']) => {
      const base = resolve(dirname(join(root, file)), spec)
      const found = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate))
      return found === undefined ? [] : [relative(root, found)]
    })
    graph.set(file, targets)
  }
  return graph
}

/** Every group of files that import each other round a circle (Tarjan's strongly connected components). */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0
  const order = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (file: string): void => {
    order.set(file, next)
    low.set(file, next++)
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!order.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0))
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) ?? 0, order.get(target) ?? 0))
    }
    if (low.get(file) !== order.get(file)) return
    const group: string[] = []
    for (let member = stack.pop(); member !== undefined; member = member === file ? undefined : stack.pop()) {
      onStack.delete(member)
      group.push(member)
    }
    if (group.length > 1) circles.push(group.sort())
  }
  for (const file of graph.keys()) if (!order.has(file)) visit(file)
  return circles
}
