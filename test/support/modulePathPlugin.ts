import { mkdirSync, rmSync } from 'node:fs'
import { basename, join } from 'node:path'
import { build, type Plugin } from 'vite'

/**
 * electron-vite's `?modulePath` import for the tests: the module bundled on its own (as the app's build
 * does, src-main/core/services/sheetReader.ts), once per run, into node_modules/.cache so that its
 * packages resolve from the project's node_modules; the import gives its path, for a worker thread.
 */
export function modulePathPlugin(root: string, alias: Record<string, string>): Plugin {
  const built = new Map<string, Promise<string>>()
  const outDir = join(root, 'node_modules', '.cache', 'mostrador-module-path')
  const bundle = async (file: string): Promise<string> => {
    mkdirSync(outDir, { recursive: true })
    const name = `${basename(file).replace(/\.\w+$/, '')}-${process.pid}.cjs`
    process.once('exit', () => rmSync(join(outDir, name), { force: true }))
    await build({
      configFile: false,
      logLevel: 'silent',
      root,
      resolve: { alias },
      build: {
        ssr: file,
        outDir,
        emptyOutDir: false,
        minify: false,
        rollupOptions: { output: { format: 'cjs', entryFileNames: name } },
      },
    })
    return join(outDir, name)
  }
  return {
    name: 'mostrador:module-path',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith('?modulePath')) return null
      const file = id.slice(0, -'?modulePath'.length)
      let path = built.get(file)
      if (!path) built.set(file, (path = bundle(file)))
      return `export default ${JSON.stringify(await path)}`
    },
  }
}
