/** The capture dialog and what a booking's pictures show (issue 33), in Spanish. */
const pictures = {
  pictures: {
    button: 'Foto',
    title: '{step} de {number}',
    steps: { booking: 'Foto de la reserva', shipping: 'Foto del envío', delivery: 'Foto de la entrega' },
    camera: {
      starting: 'Abriendo la cámara…',
      take: 'Tomar foto',
      none: 'Esta computadora no tiene cámara (o la usa otro programa): elija un archivo con la foto.',
      denied: 'No se dio permiso para usar la cámara: elija un archivo con la foto.',
      label: 'Vista de la cámara',
    },
    file: {
      choose: 'Elegir archivo…',
      drop: 'O suelte aquí un archivo de imagen',
    },
    reading: 'Preparando la foto…',
    preview: 'Así se adjuntará: {width} × {height} px, {size}',
    previewAlt: 'La foto que se adjuntará',
    retake: 'Tomar otra',
    attach: 'Adjuntar',
    cancel: 'Cancelar',
    attached: 'Foto adjuntada a {number}.',
    independent: 'Nada espera a la foto: la reserva sigue su curso antes o después de tomarla.',
    states: {
      waiting: 'Por enviar',
      sending: 'Enviando',
      unknown: 'Comprobando',
      sent: 'Enviada',
      refused: 'Rechazada',
      unsupported: 'Solo en este equipo',
    },
    note: '{step}: tomada por {who}, {when}',
  },
}

export type PicturesMessages = typeof pictures
export default pictures
