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

// The resource graph webview's script (src/graphWebview.ts), for the browser.
await build({
  ...common,
  platform: 'browser',
  format: 'iife',
  entryPoints: ['src/graphWebview.ts'],
  outfile: 'out/graph-webview.js',
  minify: true,
});

const tests = readdirSync('test').filter((f) => f.endsWith('.test.ts')).map((f) => `test/${f}`);
await build({
  ...common,
  entryPoints: tests,
  outdir: 'out/test',
  // Tests that load extension modules hand them a stand-in `vscode`.
  external: ['vscode'],
});
