import { Annotation, type Extension, type Text } from '@codemirror/state'
import { EditorView, keymap } from '@codemirror/view'

/**
 * A small undo/redo for the query editor. @codemirror/commands (whose
 * `history()` is the real thing) is not installed in this project; when it is,
 * this file should give way to it. Changes typed within a second of each
 * other are one step, as an editor user expects; replacing a selection is
 * always a step of its own.
 */
const fromHistory = Annotation.define<boolean>()
const GROUP_MS = 1000
const LIMIT = 200

export function editorUndo(): Extension {
  const undone: Text[] = []
  const redone: Text[] = []
  let lastChangeAt = 0

  function restore(view: EditorView, from: Text[], to: Text[]): boolean {
    const doc = from.pop()
    if (!doc) return false
    to.push(view.state.doc)
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: doc }, annotations: fromHistory.of(true), scrollIntoView: true })
    return true
  }

  return [
    EditorView.updateListener.of((update) => {
      if (!update.docChanged || update.transactions.some((tr) => tr.annotation(fromHistory))) return
      const now = Date.now()
      // Replacing a stretch of text (typing over a selection, a paste over it) is always its own step.
      // Read from the change itself: a browser select-all may reach the editor's state only with the edit.
      let replacesText = false
      update.changes.iterChanges((fromA, toA) => {
        if (toA - fromA > 1) replacesText = true
      })
      if (now - lastChangeAt > GROUP_MS || replacesText || undone.length === 0) {
        undone.push(update.startState.doc)
        if (undone.length > LIMIT) undone.shift()
      }
      lastChangeAt = now
      redone.length = 0
    }),
    keymap.of([
      { key: 'Mod-z', run: (view) => restore(view, undone, redone), preventDefault: true },
      { key: 'Mod-Shift-z', run: (view) => restore(view, redone, undone), preventDefault: true },
      { key: 'Mod-y', run: (view) => restore(view, redone, undone), preventDefault: true },
    ]),
  ]
}
