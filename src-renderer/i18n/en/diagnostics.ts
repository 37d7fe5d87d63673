import type { DiagnosticsMessages } from '../es/diagnostics'

/** Help → Diagnostics (English). */
const diagnostics: DiagnosticsMessages = {
  diagnostics: {
    intro: 'Checks this computer: data folder, cache, keychain, service, clock and unsent changes.',
    runAgain: 'Run again',
    running: 'Checking…',
    allOk: 'All good',
    someFailed: '{n} problem(s) found',
    checkedAt: 'Checked at {time}',
    levels: { ok: 'OK', info: 'Information', warn: 'Warning', error: 'Failed' },
    bundleTitle: 'Support bundle',
    bundleIntro:
      'A .zip file with the logs, this diagnosis, the versions and the state of unsent changes. It never holds your token. Choose where to save it and send it to support.',
    includeData: 'Include business data (bookings and what waits to be sent)',
    includeDataHint: 'Only if support asks for it: the file will hold data about your customers and products.',
    makeBundle: 'Make support bundle',
    backToSignIn: 'Back to sign in',
    bundleSaved: 'Bundle saved: {file}',
  },
}
export default diagnostics
