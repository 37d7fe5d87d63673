import type { BundleMediaMessages } from './bundleMedia.es'

/** Images and associated forms of a bundle (English). */
const bundleMedia: BundleMediaMessages = {
  bundleMedia: {
    images: {
      title: 'Images',
      hint: 'Up to five images: PNG, JPEG, GIF or WebP of at most 5 MB. The first one is the main image.',
      slot: 'Image {n}',
      main: 'Main',
      empty: 'No image',
      dropHere: 'Drop an image here',
      notLoaded: 'The image could not be shown',
      choose: 'Choose image',
      replace: 'Replace',
      remove: 'Delete',
      sending: 'Sending…',
      set: 'Image {n} saved.',
      removed: 'Image {n} deleted.',
      removeTitle: 'Delete image {n}?',
      removeBody: 'The image will be deleted from the service. To have it again you will have to upload it again.',
      afterSave: 'Save the bundle to add images to it.',
      offline: 'Offline: the images are shown as saved on this computer and cannot be changed until you are back online.',
      problems: {
        empty: 'The file is empty.',
        tooLarge: 'The file is larger than 5 MB. Choose a smaller image.',
        wrongType: 'The file is not a PNG, JPEG, GIF or WebP image.',
        several: 'Drop one image at a time.',
        unreadable: 'The file could not be read.',
      },
    },
    forms: {
      title: 'Associated forms',
      hint: 'Read only: forms are filled in on the service.',
      field: 'Field',
      value: 'Value',
      none: 'This bundle has no associated forms.',
      notGiven: 'This server does not send the associated forms of bundles.',
      offline: 'Forms are read from the service: connect to see them.',
      unreadable: 'One form could not be read. | {count} forms could not be read.',
      loadFailed: 'The images and forms could not be read from the service.',
      yes: 'Yes',
      no: 'No',
    },
  },
}

export default bundleMedia
