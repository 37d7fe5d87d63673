// The house's own lint rules (issue 31). Each is a shape of code no-restricted-syntax could name, given a rule of its
// own so that each keeps its own list of exceptions: ESLint keeps one set of options per rule and file.
const restricted = (description, shapes) => ({
  meta: { type: 'problem', docs: { description }, schema: [] },
  create: (context) => Object.fromEntries(shapes.map(([selector, message]) => [selector, (node) => context.report({ node, message })])),
})

// A cast that claims a shape, straight over the call or through `as unknown` (which alone only widens: it is how a
// parsed value is read before it is narrowed). The call is reported.
const cast = ':matches(TSAsExpression, TSTypeAssertion)'
const claiming = `${cast}:not([typeAnnotation.type='TSUnknownKeyword'])`
const overCall = (call) => [
  `${claiming} > CallExpression.expression${call}`,
  `${claiming} > ${cast}.expression[typeAnnotation.type='TSUnknownKeyword'] > CallExpression.expression${call}`,
]
const statementRead = '[callee.property.name=/^(get|all|iterate)$/]'
const jsonParse = "[callee.object.name='JSON'][callee.property.name='parse']"
const rowCast = 'A row is typed by its statement (db.prepare<Params, Row>) or parsed with zod, never cast: a cast hides a renamed column.'
const parseCast = 'Parse JSON with a zod schema (or read it as unknown and narrow it), never cast it: a cast believes any file.'

const errorRef =
  'A read keeps its error in createLoader, a send in useSubmit, saves that land in order in createSaveQueue: not in a ref of its own.'

export const houseRules = {
  'no-row-cast': restricted('No `as` over a statement’s row or over JSON.parse (issue 31, item 3).', [
    ...overCall(statementRead).map((selector) => [selector, rowCast]),
    ...overCall(jsonParse).map((selector) => [selector, parseCast]),
  ]),
  'no-error-ref': restricted('No hand-written error ref in the renderer (issue 31, item 2).', [
    ["CallExpression[callee.name=/^(ref|shallowRef)$/] TSTypeReference[typeName.name='AppError']", errorRef],
  ]),
  'no-raw-catalogue-db': restricted('The catalogue store’s raw database is reached only inside core/cache (issue 31, item 3).', [
    [
      "MemberExpression[property.name='db'][object.type='MemberExpression'][object.property.name='store']",
      'Only src-main/core/cache reaches the store’s raw db: ask the cache layer for what you need by name.',
    ],
    [
      "VariableDeclarator[init.property.name='store'] > ObjectPattern.id > Property[key.name='db']",
      'Only src-main/core/cache reaches the store’s raw db: ask the cache layer for what you need by name.',
    ],
  ]),
}
