import type { PicturesMessages } from './pictures.es'

/** The capture dialog and what a booking's pictures show (issue 33), in English. */
const pictures: PicturesMessages = {
  pictures: {
    button: 'Picture',
    title: '{step} of {number}',
    steps: { booking: 'Picture of the booking', shipping: 'Picture of the shipping', delivery: 'Picture of the delivery' },
    camera: {
      starting: 'Opening the camera…',
      take: 'Take picture',
      none: 'This computer has no camera (or another program is using it): choose a file with the picture.',
      denied: 'Permission to use the camera was not given: choose a file with the picture.',
      label: "The camera's view",
    },
    file: {
      choose: 'Choose a file…',
      drop: 'Or drop a picture file here',
    },
    reading: 'Preparing the picture…',
    preview: 'It will be attached like this: {width} × {height} px, {size}',
    previewAlt: 'The picture to be attached',
    retake: 'Take another',
    attach: 'Attach',
    cancel: 'Cancel',
    attached: 'Picture attached to {number}.',
    independent: 'Nothing waits for the picture: the booking goes on before or after it is taken.',
    states: {
      waiting: 'Waiting to be sent',
      sending: 'Sending',
      unknown: 'Checking',
      sent: 'Sent',
      refused: 'Refused',
      unsupported: 'Only on this computer',
    },
    note: '{step}: taken by {who}, {when}',
  },
}

export default pictures
