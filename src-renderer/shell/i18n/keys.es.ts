/** The keyboard help (F1, ?) and the descriptions of the keys each screen declares (Spanish). */
const keys = {
  keys: {
    title: 'Teclado',
    intro: 'Las teclas de esta pantalla. F1 o ? abren esta lista en cualquier momento; Esc la cierra.',
    groups: {
      screen: 'En esta pantalla',
      dialog: 'En este diálogo',
      general: 'En toda la aplicación',
    },
    notNow: 'ahora no disponible',
    or: 'o',
    /** How the keys are marked on a Spanish keyboard. */
    names: { Ctrl: 'Ctrl', Alt: 'Alt', Shift: 'Mayús', Enter: 'Intro', Delete: 'Supr', Escape: 'Esc' },
    help: 'Mostrar esta ayuda del teclado',
    close: 'Cerrar esta ayuda',
    openArea: 'Abrir {area}',
    save: 'Guardar',
    saveDraft: 'Guardar como borrador',
    focusScan: 'Poner el cursor en la caja de escaneo',
    removeLine: 'Quitar la línea seleccionada',
    refresh: 'Volver a leer del servicio',
    syncNow: 'Enviar ahora lo pendiente',
    newRecord: 'Nuevo registro',
    newConsolidate: 'Nuevo consolidado',
    openTab: 'Abrir la pestaña «{tab}»',
  },
}

export type KeysMessages = typeof keys
export default keys
