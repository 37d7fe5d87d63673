// Vite's `?raw` imports: a file's text bundled as a string (used for the real service's SDL).
declare module '*.graphql?raw' {
  const text: string
  export default text
}
