/** Printing: the station's printer and paper in Settings, a document the printer did not take, the delivery note (Spanish). */
const print = {
  printing: {
    printer: 'Impresora',
    printerHint: 'Los albaranes, manifiestos y notas de entrega se imprimen en ella sin preguntar.',
    systemDefault: 'La predeterminada del sistema',
    printerGone: '{name} (no está conectada ahora)',
    browserDialog: 'El diálogo de impresión del navegador',
    browserHint:
      'En el navegador no se puede elegir impresora: cada impresión abre el diálogo del navegador, donde se elige. La aplicación de escritorio imprime sin preguntar.',
    printersUnread: 'No se pudo leer la lista de impresoras: {reason}',
    paper: 'Papel',
    paperHint: 'Los documentos se componen para este papel; el rollo, a su ancho.',
    papers: {
      a4: 'A4',
      letter: 'Carta',
      receipt80: 'Rollo de 80 mm',
      receipt58: 'Rollo de 58 mm',
    },
    slipOnSave: 'Imprimir el albarán al guardar una reserva',
    slipOnSaveHint: 'En Nueva reserva, el albarán sale al guardar, con su código de barras.',
    unprinted: 'No se imprimió: {document}',
    unprintedOn: 'No se imprimió en {printer}: {document}',
    printAgain: 'Imprimir de nuevo',
    setAside: 'Descartar',
    deliveryNoteTitle: 'Nota de entrega',
    slipDocument: 'albarán Nº {number}',
    manifestDocument: 'manifiesto de {count} reservas',
  },
}

export default print
