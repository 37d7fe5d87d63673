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
    names: { Ctrl: 'Ctrl', Alt: 'Alt', Shift: 'Shift', Enter: 'Enter', Delete: 'Del', Escape: 'Esc' },
    help: 'Show this keyboard help',
    close: 'Close this help',
    openArea: 'Open {area}',
    save: 'Save',
    saveDraft: 'Save as a draft',
    focusScan: 'Put the cursor in the scan box',
    removeLine: 'Remove the selected line',
    refresh: 'Read the service again',
    syncNow: 'Send what waits now',
    newRecord: 'New record',
    newConsolidate: 'New consolidate',
    openTab: 'Open the “{tab}” tab',
  },
}

export default keys
