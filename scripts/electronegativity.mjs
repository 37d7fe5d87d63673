#!/usr/bin/env node
/**
 * Runs Electronegativity (Doyensec's Electron security scanner) on the built
 * app and fails on any HIGH finding that is not accepted below with a reason.
 *
 * The tool is no longer maintained: it only reads .js/.html files and parses
 * older syntax, so it runs on the bundled output (out/) rather than the
 * TypeScript sources, on a staged copy in which .cjs/.mjs files (the preload)
 * are renamed .js so they are scanned too. Checks that need the network are
 * excluded (see excludedChecks). Build first: `npm run build`.
 *
 * Usage: node scripts/electronegativity.mjs [--input DIR]   (default: out)
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** Checks that are not run, with why. Names are Electronegativity's class names. */
export const excludedChecks = [
  {
    check: 'AvailableSecurityFixesGlobalCheck',
    reason:
      "downloads Electron's release list from GitHub, which these machines cannot reach; " +
      'instead Electron is pinned to the current major line (45), which receives security fixes',
  },
  {
    check: 'ElectronVersionJSONCheck',
    reason: 'informational only (it reports the Electron version of a package.json); the version is pinned in package.json',
  },
]

/**
 * Findings we know about and accept. `file` is relative to the scanned folder
 * (a RegExp); an entry never accepts a finding in another file. Any HIGH finding
 * not listed fails the run; lower ones are printed for review.
 */
export const acceptedFindings = [
  {
    id: 'CSP_GLOBAL_CHECK',
    file: /^(renderer\/index\.html|main\/index\.js)$/,
    reason:
      "the CSP (src-shared/csp.ts) allows style-src 'unsafe-inline' because naive-ui and CodeMirror inject <style> at run time, " +
      "and img-src names the signed-in service's origin, known only at run time (the policy is built per page load); scripts stay script-src 'self' with no eval",
  },
  {
    id: 'OPEN_EXTERNAL_JS_CHECK',
    file: /^main\/index\.js$/,
    reason:
      'shell.openExternal is reached only from the window-open handler, after isSafeExternalUrl admits the URL ' +
      '(http/https only, a host, no credentials, at most 2048 characters)',
  },
]

/** Where a scanned file lives in the original folder (undo the .cjs/.mjs staging). */
export function originalName(stagedRelative, renamed) {
  return renamed.get(stagedRelative) ?? stagedRelative
}

/** Splits findings into blocking (unaccepted HIGH), accepted and to-review (unaccepted, lower). */
export function classify(findings, accepted = acceptedFindings) {
  const result = { blocking: [], accepted: [], review: [] }
  for (const finding of findings) {
    const rule = accepted.find((a) => a.id === finding.id && a.file.test(finding.file))
    if (rule) result.accepted.push({ ...finding, reason: rule.reason })
    else if (finding.severity === 'HIGH') result.blocking.push(finding)
    else result.review.push(finding)
  }
  return result
}

/** Files the tool could not parse, which it would then silently not check. */
export function blockingParseErrors(errors) {
  return errors.filter((e) => !e.tolerable && /^(main|preload)\//.test(e.file))
}

function toPosix(path) {
  return path.split(sep).join('/')
}

/** Copies the build to a temporary folder, renaming .cjs/.mjs to .js. Returns the folder and the renames. */
export function stage(input) {
  const staged = mkdtempSync(join(tmpdir(), 'mostrador-electronegativity-'))
  cpSync(input, staged, { recursive: true })
  const renamed = new Map()
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.(cjs|mjs)$/.test(name)) {
        const target = path.replace(/\.(cjs|mjs)$/, '.js')
        if (existsSync(target)) throw new Error(`cannot stage ${path}: ${target} exists`)
        renameSync(path, target)
        renamed.set(toPosix(relative(staged, target)), toPosix(relative(staged, path)))
      }
    }
  }
  walk(staged)
  return { staged, renamed }
}

function format(finding) {
  return `  ${finding.severity.padEnd(13)} ${finding.confidence.padEnd(9)} ${finding.id}  ${finding.file}:${finding.line}:${finding.column}`
}

export async function scan({ root, input }) {
  const require = createRequire(join(root, 'package.json'))
  const run = require('@doyensec/electronegativity')
  const electron = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version
  const { staged, renamed } = stage(input)
  try {
    const result = await run({
      input: staged,
      isSarif: false,
      customScan: [],
      excludeFromScan: excludedChecks.map((c) => c.check),
      // out/ has no package.json, so the tool would not know which Electron it audits.
      electronVersionOverride: electron,
      parserPlugins: [],
    })
    // Global checks report the file as 'N/A'; only real paths are made relative.
    const name = (file) =>
      typeof file === 'string' && file.startsWith(staged + sep) ? originalName(toPosix(relative(staged, file)), renamed) : String(file)
    return {
      electron,
      checks: result.globalChecks + result.atomicChecks,
      findings: result.issues.map((issue) => ({
        id: issue.id,
        severity: issue.severity.name,
        confidence: issue.confidence.name,
        file: name(issue.file),
        line: issue.location?.line ?? 0,
        column: issue.location?.column ?? 0,
        description: issue.description,
      })),
      errors: result.errors.map((e) => ({ file: name(e.file), message: e.message, tolerable: e.tolerable })),
    }
  } finally {
    rmSync(staged, { recursive: true, force: true })
  }
}

export function report({ electron, checks, findings, errors }, log = console.log) {
  const { blocking, accepted, review } = classify(findings)
  const parseFailures = blockingParseErrors(errors)
  log(`Electronegativity: ${checks} checks on the build for Electron ${electron}; ${findings.length} findings.`)
  log(`Excluded checks: ${excludedChecks.map((c) => c.check).join(', ')} (network or informational).`)
  if (blocking.length) {
    log(`\nHIGH findings not accepted (${blocking.length}):`)
    for (const f of blocking) log(`${format(f)}\n      ${f.description}`)
  }
  if (review.length) {
    log(`\nTo review, not blocking (${review.length}):`)
    for (const f of review) log(`${format(f)}\n      ${f.description}`)
  }
  if (accepted.length) {
    log(`\nAccepted (${accepted.length}):`)
    for (const f of accepted) log(`${format(f)}\n      accepted: ${f.reason}`)
  }
  for (const e of errors) log(`${e.tolerable ? 'warning' : 'error'}: could not fully parse ${e.file}: ${e.message}`)
  const failed = blocking.length > 0 || parseFailures.length > 0
  log(
    `\nSummary: ${blocking.length} blocking, ${review.length} to review, ${accepted.length} accepted, ` +
      `${parseFailures.length} unparsed main/preload files — ${failed ? 'FAILED' : 'passed'}.`,
  )
  return failed ? 1 : 0
}

export function parseArgs(argv) {
  const options = { input: 'out' }
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--input' && argv[i + 1] !== undefined) options.input = argv[++i]
    else throw new Error(`unknown option ${argv[i]}`)
  }
  return options
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (invokedDirectly) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
  try {
    const options = parseArgs(process.argv.slice(2))
    const input = resolve(root, options.input)
    const missing = ['main/index.js', 'preload/index.cjs', 'renderer/index.html'].filter((f) => !existsSync(join(input, f)))
    if (missing.length) throw new Error(`${input} is not a complete build (missing ${missing.join(', ')}); run \`npm run build\` first`)
    process.exitCode = report(await scan({ root, input }))
  } catch (error) {
    console.error(`electronegativity: ${error?.message ?? error}`)
    process.exitCode = 1
  }
}
