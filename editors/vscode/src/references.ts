// heat-ls.showReferences: the command heat-ls code lenses run when
// clicked, with the document URI, the lens position and the locations in
// LSP form. VS Code's own references peek needs its own types, so the
// arguments are converted here.

import * as vscode from 'vscode';

interface LspLocation {
  uri: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

const position = (p: { line: number; character: number }) => new vscode.Position(p.line, p.character);

export function registerShowReferences(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('heat-ls.showReferences', (uri: string, pos: { line: number; character: number }, locations: LspLocation[]) =>
      vscode.commands.executeCommand(
        'editor.action.showReferences',
        vscode.Uri.parse(uri),
        position(pos),
        (locations ?? []).map((l) => new vscode.Location(vscode.Uri.parse(l.uri), new vscode.Range(position(l.range.start), position(l.range.end)))),
      ),
    ),
  );
}
