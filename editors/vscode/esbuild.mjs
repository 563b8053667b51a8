// Builds the extension bundle (out/extension.js, with vscode-languageclient
// inlined so the .vsix needs no node_modules) and the node test files
// (out/test/*.test.js), which exercise the vscode-free modules and the real
// heat-ls binary.
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';

const common = { bundle: true, platform: 'node', target: 'node18', format: 'cjs', sourcemap: true, logLevel: 'warning' };

await build({
  ...common,
  entryPoints: ['src/extension.ts'],
  outfile: 'out/extension.js',
  external: ['vscode'],
  minify: true,
});

// The resource graph's layout worker (src/graphLayoutWorker.ts, Graphviz's
// WebAssembly inside), built in memory: the page's script carries it as
// text and starts it from a blob: URL, which a webview may run where a
// worker script from the extension's own files is refused as cross-origin.
const worker = await build({
  ...common,
  platform: 'browser',
  format: 'iife',
  entryPoints: ['src/graphLayoutWorker.ts'],
  write: false,
  outfile: 'out/graph-layout-worker.js',
  sourcemap: false,
  minify: true,
});
const workerSource = worker.outputFiles.find((f) => f.path.endsWith('.js')).text;

// The resource graph webview's script (src/graphWebview.ts), for the browser.
await build({
  ...common,
  platform: 'browser',
  format: 'iife',
  entryPoints: ['src/graphWebview.ts'],
  outfile: 'out/graph-webview.js',
  minify: true,
  plugins: [{
    name: 'graph-layout-worker-source',
    setup(b) {
      b.onResolve({ filter: /^graph-layout-worker-source$/ }, (args) => ({ path: args.path, namespace: 'worker-source' }));
      b.onLoad({ filter: /.*/, namespace: 'worker-source' }, () => ({ contents: workerSource, loader: 'text' }));
    },
  }],
});

const tests = readdirSync('test').filter((f) => f.endsWith('.test.ts')).map((f) => `test/${f}`);
await build({
  ...common,
  entryPoints: tests,
  outdir: 'out/test',
  // Tests that load extension modules hand them a stand-in `vscode`.
  external: ['vscode', 'graph-layout-worker-source'],
});
