/**
 * Commit messages from .ci/commits-checked-from on (issue 31, item 5): a subject of at most 72 characters
 * without a closing full stop, and a body that says why. Merges are checked too, so they carry a body.
 * The imperative mood is left to review: no rule tells "Fix" from "Fixes" without a word list.
 */
export default {
  defaultIgnores: false,
  rules: {
    'header-max-length': [2, 'always', 72],
    'header-full-stop': [2, 'never', '.'],
    'body-empty': [2, 'never'],
  },
}
