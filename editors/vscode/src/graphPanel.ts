// The "Heat: Show Resource Graph" view: a webview beside the editor that
// draws the graph heat-ls computes for the active template (command
// heat-ls.graph), redraws it as the template is edited, and opens the
// resource whose node is clicked. Everything it shows is drawn by
// out/graph-webview.js, bundled with the extension: no network.

import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { graphHtml } from './graphPanel.html';

const REDRAW_DELAY_MS = 400;

/** Where the layout direction the user chose last is kept (global state). */
export const RANKDIR_KEY = 'heat-ls.graph.rankdir';

/** Registers heat-ls.showGraph; client() returns the running client, if any. */
export function registerGraphView(context: vscode.ExtensionContext, client: () => LanguageClient | undefined): void {
  let panel: GraphPanel | undefined;
  context.subscriptions.push(
    vscode.commands.registerCommand('heat-ls.showGraph', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) {
        void vscode.window.showInformationMessage('Open a Heat template to see its resource graph.');
        return;
      }
      if (!panel) {
        panel = new GraphPanel(context, client, () => (panel = undefined));
      }
      panel.show(editor.document.uri);
    }),
  );
}

class GraphPanel {
  private readonly panel: vscode.WebviewPanel;
  private uri: vscode.Uri | undefined;
  private timer: NodeJS.Timeout | undefined;
  private include = { parameters: false, outputs: true };
  private readonly disposables: vscode.Disposable[] = [];
  /** Set once the user closes the panel: an answer arriving later has nowhere to go. */
  private disposed = false;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly client: () => LanguageClient | undefined,
    onDispose: () => void,
  ) {
    const media = vscode.Uri.joinPath(context.extensionUri, 'out');
    this.panel = vscode.window.createWebviewPanel('heat-ls.graph', 'Resource graph', vscode.ViewColumn.Beside, {
      enableScripts: true,
      localResourceRoots: [media],
      retainContextWhenHidden: true,
    });
    const rankdir = context.globalState.get(RANKDIR_KEY) === 'TB' ? 'TB' : 'LR';
    this.panel.webview.html = graphHtml(this.panel.webview.asWebviewUri(vscode.Uri.joinPath(media, 'graph-webview.js')).toString(), this.panel.webview.cspSource, rankdir);
    this.panel.webview.onDidReceiveMessage((m) => this.onMessage(m), undefined, this.disposables);
    // Follow edits of the drawn document and switches to another template.
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (this.uri && e.document.uri.toString() === this.uri.toString()) {
        this.schedule();
      }
    }, undefined, this.disposables);
    vscode.window.onDidChangeActiveTextEditor((e) => {
      if (e && e.document.languageId === 'heat') {
        this.show(e.document.uri);
      }
    }, undefined, this.disposables);
    this.panel.onDidDispose(() => {
      this.disposed = true;
      clearTimeout(this.timer);
      this.disposables.forEach((d) => d.dispose());
      onDispose();
    });
  }

  show(uri: vscode.Uri): void {
    this.uri = uri;
    this.panel.title = `Resource graph: ${uri.path.split('/').pop()}`;
    this.panel.reveal(vscode.ViewColumn.Beside, true);
    void this.draw();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.draw(), REDRAW_DELAY_MS);
  }

  private async draw(): Promise<void> {
    const client = this.client();
    if (!client || !this.uri) {
      return;
    }
    try {
      const graph = await client.sendRequest('workspace/executeCommand', {
        command: 'heat-ls.graph',
        arguments: [{ uri: this.uri.toString(), ...this.include }],
      });
      if (!this.disposed) {
        void this.panel.webview.postMessage({ type: 'graph', graph });
      }
    } catch (err) {
      if (!this.disposed) {
        void this.panel.webview.postMessage({ type: 'error', error: `heat-ls could not draw the graph: ${String(err)}` });
      }
    }
  }

  private async onMessage(m: {
    type: string;
    path?: string;
    range?: { start: { line: number; character: number } };
    parameters?: boolean;
    outputs?: boolean;
    rankdir?: string;
  }): Promise<void> {
    if (m.type === 'direction') {
      await this.context.globalState.update(RANKDIR_KEY, m.rankdir === 'TB' ? 'TB' : 'LR');
      return;
    }
    if (m.type === 'ready') {
      void this.draw();
      return;
    }
    if (m.type === 'options') {
      this.include = { parameters: !!m.parameters, outputs: !!m.outputs };
      void this.draw();
      return;
    }
    if (m.type !== 'open' || !m.range) {
      return;
    }
    const target = m.path ? vscode.Uri.file(m.path) : this.uri;
    if (!target) {
      return;
    }
    const pos = new vscode.Position(m.range.start.line, m.range.start.character);
    await vscode.window.showTextDocument(target, { viewColumn: vscode.ViewColumn.One, selection: new vscode.Range(pos, pos) });
  }
}
