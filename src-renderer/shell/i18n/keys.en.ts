import type { KeysMessages } from './keys.es'

/** The keyboard help (F1, ?) and the descriptions of the keys each screen declares (English). */
const keys: KeysMessages = {
  keys: {
    title: 'Keyboard',
    intro: 'The keys of this screen. F1 or ? opens this list at any time; Esc closes it.',
    groups: {
      screen: 'On this screen',
      dialog: 'In this dialog',
      general: 'Everywhere',
    },
    notNow: 'not available now',
    or: 'or',
    names: { Ctrl: 'Ctrl', Alt: 'Alt', Shift: 'Shift', Enter: 'Enter', Delete: 'Del', Escape: 'Esc', ArrowDown: '↓', ArrowUp: '↑', PageDown: 'PgDn', PageUp: 'PgUp', Home: 'Home', End: 'End' },
    help: 'Show this keyboard help',
    close: 'Close this help',
    openArea: 'Open {area}',
    save: 'Save',
    saveDraft: 'Save as a draft',
    focusScan: 'Put the cursor in the scan box',
    removeLine: 'Remove the selected line',
    backToScan: 'From a line\'s quantity: back to the scan box',
    refresh: 'Read the service again',
    syncNow: 'Send what waits now',
    newRecord: 'New record',
    newConsolidate: 'New consolidate',
    focusSearch: 'Put the cursor in the search',
    scanToSearch: 'Scan or type a code: it goes to the search',
    nextRow: 'Next item',
    previousRow: 'Previous item',
    pageDown: 'One page down',
    pageUp: 'One page up',
    firstRow: 'First item',
    lastRow: 'Last item',
    openRow: 'Open the selected item (in the search: the one with the exact code)',
    clearSearch: 'Empty the search; again: drop the filters',
    openTab: 'Open the “{tab}” tab',
  },
}

export default keys
