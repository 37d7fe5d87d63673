/** Images and associated forms of a bundle (Spanish). */
const bundleMedia = {
  bundleMedia: {
    images: {
      title: 'Imágenes',
      hint: 'Hasta cinco imágenes: PNG, JPEG, GIF o WebP de 5 MB como máximo. La primera es la principal.',
      slot: 'Imagen {n}',
      main: 'Principal',
      empty: 'Sin imagen',
      dropHere: 'Arrastre una imagen aquí',
      notLoaded: 'La imagen no se pudo mostrar',
      choose: 'Elegir imagen',
      replace: 'Reemplazar',
      remove: 'Eliminar',
      sending: 'Enviando…',
      set: 'Imagen {n} guardada.',
      removed: 'Imagen {n} eliminada.',
      removeTitle: '¿Eliminar la imagen {n}?',
      removeBody: 'La imagen se borrará del servicio. Para volver a tenerla deberá subirla otra vez.',
      afterSave: 'Guarde el conjunto para poder agregarle imágenes.',
      offline: 'Sin conexión: las imágenes se muestran como se guardaron en este equipo y no se pueden cambiar hasta volver a conectarse.',
      problems: {
        empty: 'El archivo está vacío.',
        tooLarge: 'El archivo pasa de 5 MB. Elija una imagen más pequeña.',
        wrongType: 'El archivo no es una imagen PNG, JPEG, GIF o WebP.',
        several: 'Suelte una sola imagen a la vez.',
        unreadable: 'No se pudo leer el archivo.',
      },
    },
    forms: {
      title: 'Formularios asociados',
      hint: 'Solo lectura: los formularios se llenan en el servicio.',
      field: 'Campo',
      value: 'Valor',
      none: 'Este conjunto no tiene formularios asociados.',
      notGiven: 'Este servidor no envía los formularios asociados de los conjuntos.',
      offline: 'Los formularios se leen del servicio: conéctese para verlos.',
      unreadable: 'Un formulario no se pudo leer. | {count} formularios no se pudieron leer.',
      loadFailed: 'No se pudieron leer las imágenes y los formularios del servicio.',
      yes: 'Sí',
      no: 'No',
    },
  },
}

export default bundleMedia
export type BundleMediaMessages = typeof bundleMedia
