// The layout worker's bundled script as text (esbuild.mjs builds
// src/graphLayoutWorker.ts first and hands its output to the page's bundle
// under this name).
declare module 'graph-layout-worker-source' {
  const source: string;
  export default source;
}
