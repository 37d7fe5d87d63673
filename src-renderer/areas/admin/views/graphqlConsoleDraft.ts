import { ref } from 'vue'

/** What the console holds survives leaving the screen and coming back, for the app's session. */
export const consoleDraft = {
  query: ref('query {\n  items(limit: 10, order_by: [{id: asc}]) {\n    id\n    code\n    name\n    price\n  }\n}\n'),
  variables: ref(''),
}
