// The resource graph webview's page, free of `vscode` so tests can load it.

/**
 * The webview page: the bundled script, under a policy that allows nothing
 * else (no network); 'wasm-unsafe-eval' lets it compile the Graphviz
 * WebAssembly it carries. The style sheet maps the colours Graphviz writes
 * (black, the error colour of loops, a white background) to the editor
 * theme's, so the graph reads in light and dark themes alike.
 */
export function graphHtml(scriptUri: string, cspSource: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src ${cspSource} 'wasm-unsafe-eval';">
<style>
  body { font-family: var(--vscode-font-family, sans-serif); font-size: 12px; color: var(--vscode-editor-foreground); }
  #toolbar { margin-bottom: 6px; }
  #graph svg .graph > polygon { fill: transparent; }
  #graph svg text { fill: var(--vscode-editor-foreground, #333); font-family: Helvetica, Arial, 'Liberation Sans', sans-serif; }
  #graph svg [stroke="black"] { stroke: var(--vscode-editor-foreground, #333); }
  #graph svg [fill="black"] { fill: var(--vscode-editor-foreground, #333); }
  #graph svg .edge > text { opacity: 0.8; }
  #graph svg .cluster > path, #graph svg .cluster > polygon { stroke: var(--vscode-descriptionForeground, #717171); }
  #graph svg .cluster > text { fill: var(--vscode-descriptionForeground, #717171); }
  #graph svg .cycle [stroke="#d73a49"] { stroke: var(--vscode-errorForeground, #d73a49); }
  #graph svg .cycle [fill="#d73a49"], #graph svg .cycle text { fill: var(--vscode-errorForeground, #d73a49); }
  #graph svg .node { cursor: pointer; outline: none; }
  #graph svg .node * { pointer-events: visible; }
  #graph svg .node:hover > :not(text), #graph svg .node:focus > :not(text) { stroke-width: 2; }
  #graph svg .node:focus > :not(text) { stroke: var(--vscode-focusBorder, #0090f1); }
</style>
</head>
<body>
<div id="toolbar"><label><input type="checkbox" id="parameters"> parameters</label> <label><input type="checkbox" id="outputs" checked> outputs</label></div>
<div id="graph">Drawing…</div>
<script src="${scriptUri}"></script>
</body>
</html>`;
}
