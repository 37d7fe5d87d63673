// The import layers and the cycle rule (issue 31, item 1), on the graph of ./importGraph.mjs. The layers themselves
// are stated once, in eslint.config.mjs.
import { importsOnDisk, resolveImport, treePath } from './importGraph.mjs'

const within = (path, place) => path === place || path.startsWith(`${place}/`)

/** Every import of the file being linted, as it is in the editor: node and tree file it names (null: a package). */
function importsOf(context, visit) {
  const found = (node) =>
    node.source && typeof node.source.value === 'string' && visit(node, resolveImport(context.filename, node.source.value))
  return { ImportDeclaration: found, ExportNamedDeclaration: found, ExportAllDeclaration: found, ImportExpression: found }
}

const placeSchema = { type: 'array', items: { type: 'string' } }

// Options: `layers`, lowest first, each a list of folders or files; `below`, the places under every layer; `apart`,
// folders whose subfolders are siblings (the renderer's areas). A file of a layer imports its own layer, the layers
// under it and `below`; nothing else of the tree; and nothing of a sibling of the subfolder it is in.
const siblingOf = (place, path) => path.slice(place.length + 1).split('/')[0]
const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'An import never runs up the layers, nor out of them (issue 31, item 1).' },
    schema: [
      {
        type: 'object',
        properties: { layers: { type: 'array', items: placeSchema }, below: placeSchema, apart: placeSchema },
        required: ['layers'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { layers: order, below = [], apart = [] } = context.options[0]
    // A file's layer is that of the most specific place it is in (an area's routes sit with the router).
    const layerOf = (path) => {
      const [best] = order
        .flatMap((places, layer) => places.filter((place) => within(path, place)).map((place) => [layer, place.length]))
        .sort((a, b) => b[1] - a[1])
      return best ? best[0] : -1
    }
    const self = treePath(context.filename)
    const mine = layerOf(self)
    if (mine === -1) {
      return {
        Program: (node) =>
          context.report({ node, message: `${self} is in no layer: place it in eslint.config.mjs (docs/ARCHITECTURE.md).` }),
      }
    }
    return importsOf(context, (node, target) => {
      if (target === null) return
      const split = apart.find((place) => within(self, place) && within(target, place))
      if (split && siblingOf(split, self) !== siblingOf(split, target)) {
        const message = `${self} imports ${target}, of another part of ${split}: move what both need to a place both may import.`
        return context.report({ node, message })
      }
      if (below.some((place) => within(target, place))) return
      const theirs = layerOf(target)
      if (theirs === -1) {
        const may = [...order.slice(0, mine + 1).flat(), ...below].join(', ')
        context.report({ node, message: `${self} imports ${target}, outside its layers: it may import only ${may}.` })
      } else if (theirs > mine) {
        const message = `${target} is a layer above ${self}: move what both need down, or turn the dependency around.`
        context.report({ node, message })
      }
    })
  },
}

// Options: `within`, the places whose files must not import each other round in a circle (type-only imports too).
const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import circle, type-only ones included (issue 31, item 1).' },
    schema: [{ type: 'object', properties: { within: placeSchema }, required: ['within'], additionalProperties: false }],
  },
  create(context) {
    const places = context.options[0].within
    const inScope = (path) => places.some((place) => within(path, place))
    const self = treePath(context.filename)
    if (!inScope(self)) return {}
    // The path from `start` back to this file, if there is one (depth first, each file seen once).
    const pathBack = (start) => {
      const seen = new Set([self])
      const walk = (path) => {
        if (seen.has(path) || !inScope(path)) return null
        seen.add(path)
        for (const next of importsOnDisk(path)) {
          if (next === self) return [path]
          const rest = walk(next)
          if (rest) return [path, ...rest]
        }
        return null
      }
      return walk(start)
    }
    return importsOf(context, (node, target) => {
      if (target === null || target === self) return
      const circle = pathBack(target)
      if (circle) {
        const message = `Import circle: ${[self, ...circle, self].join(' → ')}. Move what they share into a module both import.`
        context.report({ node, message })
      }
    })
  },
}

export const importRules = { layers, 'no-cycle': noCycle }
