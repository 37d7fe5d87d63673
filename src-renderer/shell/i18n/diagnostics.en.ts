import type { DiagnosticsMessages } from './diagnostics.es'

/** Help → Diagnostics (English). */
const diagnostics: DiagnosticsMessages = {
  dataNotice: {
    title: 'Local data damaged',
    openDiagnostics: 'See diagnostics',
    dismiss: 'Understood',
  },
  diagnostics: {
    intro: 'Checks this computer: data folder, cache, keychain, service, clock and unsent changes.',
    runAgain: 'Run again',
    running: 'Checking…',
    allOk: 'All good',
    someFailed: '{n} problem found | {n} problems found',
    checkedAt: 'Checked at {time}',
    levels: { ok: 'OK', info: 'Information', warn: 'Warning', error: 'Failed' },
    bundleTitle: 'Support bundle',
    bundleIntro:
      'A .zip file with the logs, this diagnosis, the versions and the state of unsent changes. It never holds your token. Choose where to save it and send it to support.',
    includeData: 'Include business data (bookings and what waits to be sent)',
    includeDataHint: 'Only if support asks for it: the file will hold data about your customers and products.',
    includeSetAside: 'Include the damaged files set aside',
    includeSetAsideHint:
      'Only if support asks for it: they are whole copies of damaged local data (bookings, catalogue) the app set aside; they may weigh several MB.',
    makeBundle: 'Make support bundle',
    backToSignIn: 'Back to sign in',
    bundleSaved: 'Bundle saved: {file}',
    service: {
      title: 'Service compatibility',
      intro:
        'Tries, against the server you signed in to, every GraphQL read, the REST read paths and the extensions the app uses, and says what stops working without each. It only reads; nothing is changed.',
      run: 'Check the service',
      running: 'Checking the service…',
      graphql: 'GraphQL reads',
      rest: 'REST paths',
      extensions: 'Extensions',
      allOk: 'All offered ({n})',
      okList: 'Offered ({n}):',
      refused: 'Refused',
      failed: 'Failed',
      optional: 'optional',
      present: 'Present',
      absent: 'Absent',
      noAnswer: 'No answer',
      withoutIt: 'Without it: {what}',
    },
  },
}
export default diagnostics
