import { runCli } from '../cli/program'

// The browser host as its own entry (out/main/host.js): the CLI's `serve`
// with the same options, so there is one way to start it.
runCli(['serve', ...process.argv.slice(2)]).then((code) => {
  process.exitCode = code
})
