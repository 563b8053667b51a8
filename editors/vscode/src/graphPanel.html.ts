// The resource graph webview's page, free of `vscode` so tests can load it.

/** The webview page: the bundled script, under a policy that allows nothing else. */
export function graphHtml(scriptUri: string, cspSource: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src ${cspSource};">
<style>
  body { font-family: var(--vscode-font-family, sans-serif); font-size: 12px; color: var(--vscode-editor-foreground); }
  svg text { font-family: var(--vscode-editor-font-family, monospace); font-size: 12px; }
  svg .edge-label { font-size: 10px; opacity: 0.8; }
  svg .cluster-label { font-size: 11px; opacity: 0.8; fill: var(--vscode-descriptionForeground, #666); }
  svg .node { cursor: pointer; }
  svg .node:hover rect { stroke-width: 2; }
  #toolbar { margin-bottom: 6px; }
</style>
</head>
<body>
<div id="toolbar"><label><input type="checkbox" id="parameters"> parameters</label> <label><input type="checkbox" id="outputs" checked> outputs</label></div>
<div id="graph">Drawing…</div>
<script src="${scriptUri}"></script>
</body>
</html>`;
}
