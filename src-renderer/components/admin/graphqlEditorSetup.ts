import { closeBrackets } from '@codemirror/autocomplete'
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language'
import type { Extension } from '@codemirror/state'
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view'

/**
 * The editor's basic setup from the CodeMirror 6 packages installed here.
 * (The `codemirror` package in this project is the CodeMirror 5 line, and
 * @codemirror/commands is not installed, so there is no basicSetup and no
 * undo history: see the issue note.)
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
