import { readFileSync } from 'node:fs'

/**
 * `node --import tsx bench/profile-summary.ts <file.cpuprofile> [rows]`: where a profile's time
 * went, as self time per function and per package or source folder, largest first.
 */
interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
  children?: number[]
}

const [file, rowsArgument] = process.argv.slice(2)
const rows = Number(rowsArgument ?? 30)
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[] }
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const functions = new Map<string, number>()
const places = new Map<string, number>()
for (const id of profile.samples) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame
  const where = url.replace(/^file:\/\//, '').replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1').replace(/.*\/work\/[^/]+\/(.*)\/[^/]+$/, '$1') || '(native)'
  const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`
  functions.set(name, (functions.get(name) ?? 0) + 1)
  places.set(where, (places.get(where) ?? 0) + 1)
}
const total = profile.samples.length
// Inclusive time: a sample counts for every distinct function on its stack.
const parents = new Map<number, number>()
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id)
const nameOf = (node: ProfileNode) => `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber + 1}`
const inclusive = new Map<string, number>()
for (const id of profile.samples) {
  const seen = new Set<string>()
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) seen.add(nameOf(byId.get(at)!))
  for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + 1)
}
const print = (title: string, counts: Map<string, number>) => {
  console.log(`\n${title}`)
  for (const [name, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${((100 * count) / total).toFixed(1).padStart(5)}%  ${name}`)
}
print('self time by package or folder', places)
print('self time by function', functions)
print('total time by function (itself and what it calls)', inclusive)
