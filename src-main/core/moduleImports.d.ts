// electron-vite's `?modulePath` import: the file bundled on its own, as a path to hand a worker thread.
declare module '*?modulePath' {
  const path: string
  export default path
}
