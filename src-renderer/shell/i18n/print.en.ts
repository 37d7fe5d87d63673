import type print from './print.es'

/** Printing: the station's printer and paper in Settings, a document the printer did not take, the delivery note (English). */
const printEn: typeof print = {
  printing: {
    printer: 'Printer',
    printerHint: 'Slips, manifests and delivery notes print on it without asking.',
    systemDefault: 'The system’s default printer',
    printerGone: '{name} (not connected now)',
    browserDialog: 'The browser’s print dialog',
    browserHint:
      'In the browser no printer can be chosen: each print opens the browser’s dialog, where you choose it. The desktop app prints without asking.',
    printersUnread: 'The list of printers could not be read: {reason}',
    paper: 'Paper',
    paperHint: 'Documents are laid out for this paper; a roll, at its width.',
    papers: {
      a4: 'A4',
      letter: 'Letter',
      receipt80: '80 mm roll',
      receipt58: '58 mm roll',
    },
    slipOnSave: 'Print the slip when a booking is saved',
    slipOnSaveHint: 'On New booking, the slip comes out as the booking is saved, with its barcode.',
    unprinted: 'Not printed: {document}',
    unprintedOn: 'Not printed on {printer}: {document}',
    printAgain: 'Print again',
    setAside: 'Dismiss',
    deliveryNoteTitle: 'Delivery note',
    slipDocument: 'slip No. {number}',
    manifestDocument: 'manifest of {count} bookings',
  },
}

export default printEn
