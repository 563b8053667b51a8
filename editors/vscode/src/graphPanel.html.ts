// The resource graph webview's page, free of `vscode` so tests can load it.

/**
 * The webview page: the bundled script, under a policy that allows nothing
 * else (no network); the layout worker runs from a blob: URL the script
 * makes of the worker's text it carries, and 'wasm-unsafe-eval' lets that
 * worker compile the Graphviz WebAssembly it carries. The style sheet maps
 * the colours Graphviz writes (black, the error colour of loops, a white
 * background) to the editor theme's, so the graph reads in light and dark
 * themes alike. The drawing sits in a viewport that fills the panel below
 * the toolbar; the script zooms and pans it with a CSS transform. rankdir
 * is the layout direction the user chose last (the page starts with it
 * unless its own state holds another).
 */
export function graphHtml(scriptUri: string, cspSource: string, rankdir: 'LR' | 'TB' = 'LR'): string {
  return `<!DOCTYPE html>
<html lang="en" data-rankdir="${rankdir === 'TB' ? 'TB' : 'LR'}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src ${cspSource} 'wasm-unsafe-eval'; worker-src blob:;">
<style>
  html, body { height: 100%; margin: 0; }
  body { font-family: var(--vscode-font-family, sans-serif); font-size: 12px; color: var(--vscode-editor-foreground); padding: 0 8px; box-sizing: border-box; display: flex; flex-direction: column; overflow: hidden; }
  #toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; padding: 6px 0; flex: none; }
  #toolbar .buttons { display: flex; gap: 4px; }
  #toolbar button { font: inherit; color: var(--vscode-button-secondaryForeground, inherit); background: var(--vscode-button-secondaryBackground, transparent); border: 1px solid var(--vscode-button-border, var(--vscode-contrastBorder, #8886)); border-radius: 2px; padding: 1px 8px; min-width: 26px; cursor: pointer; }
  #toolbar button:hover { background: var(--vscode-button-secondaryHoverBackground, #8883); }
  #toolbar button:focus-visible { outline: 1px solid var(--vscode-focusBorder, #0090f1); outline-offset: 1px; }
  #viewport { position: relative; flex: 1; min-height: 0; overflow: hidden; cursor: grab; touch-action: none; }
  #viewport.dragging { cursor: grabbing; }
  #graph { position: absolute; left: 0; top: 0; transform-origin: 0 0; }
  #graph svg { display: block; }
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
<div id="toolbar">
  <label><input type="checkbox" id="parameters"> parameters</label>
  <label><input type="checkbox" id="outputs" checked> outputs</label>
  <span class="buttons">
    <button id="direction" title="Switch the layout's direction">Top to bottom</button>
    <button id="zoom-out" title="Zoom out (-)" aria-label="Zoom out">−</button>
    <button id="zoom-in" title="Zoom in (+)" aria-label="Zoom in">+</button>
    <button id="fit" title="Fit the graph to the panel (0). Wheel: zoom; drag or arrow keys: pan">Fit</button>
  </span>
</div>
<div id="viewport"><div id="graph">Drawing…</div></div>
<script src="${scriptUri}"></script>
</body>
</html>`;
}
