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
    names: { Ctrl: 'Ctrl', Alt: 'Alt', Shift: 'Mayús', Enter: 'Intro', Delete: 'Supr', Escape: 'Esc', ArrowDown: '↓', ArrowUp: '↑', PageDown: 'AvPág', PageUp: 'RePág', Home: 'Inicio', End: 'Fin' },
    help: 'Mostrar esta ayuda del teclado',
    close: 'Cerrar esta ayuda',
    openArea: 'Abrir {area}',
    save: 'Guardar',
    saveDraft: 'Guardar como borrador',
    focusScan: 'Poner el cursor en la caja de escaneo',
    removeLine: 'Quitar la línea seleccionada',
    backToScan: 'Desde la cantidad de una línea: volver a la caja de escaneo',
    refresh: 'Volver a leer del servicio',
    syncNow: 'Enviar ahora lo pendiente',
    newRecord: 'Nuevo registro',
    newConsolidate: 'Nuevo consolidado',
    focusSearch: 'Poner el cursor en la búsqueda',
    scanToSearch: 'Escanear o teclear un código: va a la búsqueda',
    nextRow: 'Siguiente artículo',
    previousRow: 'Artículo anterior',
    pageDown: 'Una página abajo',
    pageUp: 'Una página arriba',
    firstRow: 'Primer artículo',
    lastRow: 'Último artículo',
    openRow: 'Abrir el artículo seleccionado (en la búsqueda: el del código exacto)',
    clearSearch: 'Vaciar la búsqueda; otra vez: quitar los filtros',
    openTab: 'Abrir la pestaña «{tab}»',
  },
}

export type KeysMessages = typeof keys
export default keys
