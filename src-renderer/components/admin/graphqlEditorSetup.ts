import { closeBrackets } from '@codemirror/autocomplete'
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language'
import type { Extension } from '@codemirror/state'
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view'
import { editorUndo } from './editorUndo'

/**
 * The editor's basic setup from the CodeMirror 6 packages installed here.
 * (The `codemirror` package in this project is the CodeMirror 5 line, and
 * @codemirror/commands is not installed, so there is no basicSetup and its
 * history is stood in for by editorUndo: see the issue note.)
 */
export function editorSetup(): Extension[] {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightActiveLine(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    EditorView.lineWrapping,
    editorUndo(),
    keymap.of([
      {
        key: 'Enter',
        run: (view) => {
          view.dispatch(view.state.replaceSelection('\n'), { scrollIntoView: true, userEvent: 'input' })
          return true
        },
      },
    ]),
  ]
}
