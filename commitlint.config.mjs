/**
 * Commit messages from .ci/commits-checked-from on (issue 31, item 5): a subject of at most 72 characters
 * without a closing full stop, and a body that says why. Merges are checked too, so they carry a body.
 * The imperative mood is left to review: no rule tells "Fix" from "Fixes" without a word list.
 */

/**
 * The body is whatever follows the subject. commitlint's own body-empty reads the message as a Conventional
 * Commit, where a body mentioning "#fdecee" turns into a footer of issue references and the body reads empty.
 */
function bodySaysWhy({ raw }) {
  const body = (raw ?? '')
    .split('\n')
    .slice(1)
    .filter((line) => !line.startsWith('#'))
    .join('\n')
    .trim()
  return [body.length > 0, 'a body after a blank line says why the change was made']
}

export default {
  defaultIgnores: false,
  plugins: [{ rules: { 'body-says-why': bodySaysWhy } }],
  rules: {
    'header-max-length': [2, 'always', 72],
    'header-full-stop': [2, 'never', '.'],
    'body-says-why': [2, 'always'],
  },
}
