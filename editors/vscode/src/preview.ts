// "Heat: Open Stack Preview": a read-only YAML document beside the
// template holding what heat-ls's heat-ls.preview command answers (the
// stack the template becomes with its environment files), refreshed on
// every edit of the template (at most one request in flight, the newest
// text wins) and when the settings change. previewModel.ts holds the parts
// that need no editor.
//
// The command is heat-ls.showPreview: vscode-languageclient registers each
// command the server advertises (heat-ls.preview among them) as a VS Code
// command itself, so the extension must not register that name.

import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  Coalescer,
  PREVIEW_SCHEME,
  PreviewResult,
  previewFailureText,
  previewPath,
  previewText,
} from './previewModel';

/** How many times one refresh asks again when the answer is of an older text. */
const MAX_STALE_RETRIES = 3;

/**
 * How long after a settings change the previews are asked again: the
 * language client tells heat-ls of the change from its own listener, which
 * may run after this extension's.
 */
export const SETTINGS_SETTLE_MS = 300;

/** One open preview: its template, its text and the refreshes of it. */
interface Preview {
  template: vscode.Uri;
  text: string;
  refresher: Coalescer;
}

/** The URI of a template's preview document. */
export function previewUri(template: vscode.Uri): vscode.Uri {
  return vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: previewPath(template.path), query: template.toString() });
}

/** The template a preview document shows, from its URI. */
export function templateOf(preview: vscode.Uri): vscode.Uri | undefined {
  return preview.scheme === PREVIEW_SCHEME && preview.query ? vscode.Uri.parse(preview.query) : undefined;
}

/** Asks heat-ls for a template's preview (environments absent: its active set). */
export async function requestPreview(
  client: LanguageClient,
  template: vscode.Uri,
  more: { depth?: number } = {},
): Promise<PreviewResult> {
  return client.sendRequest('workspace/executeCommand', {
    command: 'heat-ls.preview',
    arguments: [{ uri: template.toString(), format: 'yaml', ...more }],
  }) as Promise<PreviewResult>;
}

/** Serves the preview documents' text and keeps it current. */
export class PreviewDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly previews = new Map<string, Preview>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private configTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly client: () => LanguageClient | undefined,
    /** Called with each answer, so the status bar can show its environment files. */
    private readonly onResult: (template: vscode.Uri, r: PreviewResult) => void,
  ) {
    vscode.workspace.onDidChangeTextDocument((e) => this.templateChanged(e.document.uri), undefined, this.disposables);
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('heat-ls')) {
        // After the language client has told heat-ls of the change.
        clearTimeout(this.configTimer);
        this.configTimer = setTimeout(() => this.refreshAll(), SETTINGS_SETTLE_MS);
      }
    }, undefined, this.disposables);
    vscode.workspace.onDidCloseTextDocument((doc) => {
      const p = this.previews.get(doc.uri.toString());
      if (p) {
        p.refresher.stop();
        this.previews.delete(doc.uri.toString());
      }
    }, undefined, this.disposables);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.previews.get(uri.toString())?.text ?? '# Loading the stack preview...\n';
  }

  /** Opens (or shows again) the preview of template beside it. */
  async open(template: vscode.Uri): Promise<vscode.TextEditor> {
    const uri = previewUri(template);
    let p = this.previews.get(uri.toString());
    if (!p) {
      const entry: Preview = { template, text: '# Loading the stack preview...\n', refresher: new Coalescer(() => this.refresh(uri, entry)) };
      p = entry;
      this.previews.set(uri.toString(), entry);
    }
    await p.refresher.request();
    let doc = await vscode.workspace.openTextDocument(uri);
    if (doc.languageId !== 'yaml') {
      doc = await vscode.languages.setTextDocumentLanguage(doc, 'yaml');
    }
    return vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: false });
  }

  /** Refreshes every open preview (settings changed, server restarted). */
  refreshAll(): void {
    for (const p of this.previews.values()) {
      void p.refresher.request();
    }
  }

  private templateChanged(uri: vscode.Uri): void {
    const key = previewUri(uri).toString();
    void this.previews.get(key)?.refresher.request();
  }

  /** One refresh: asks heat-ls, again if the answer is of an older text than the editor's. */
  private async refresh(uri: vscode.Uri, p: Preview): Promise<void> {
    const client = this.client();
    const name = p.template.path.split('/').pop() ?? p.template.path;
    if (!client) {
      this.set(uri, p, previewFailureText(name, 'heat-ls is not running (see the heat-ls output channel).'));
      return;
    }
    const root = vscode.workspace.getWorkspaceFolder(p.template)?.uri.fsPath;
    for (let i = 0; i <= MAX_STALE_RETRIES; i++) {
      let r: PreviewResult;
      try {
        r = await requestPreview(client, p.template);
      } catch (err) {
        this.set(uri, p, previewFailureText(name, err instanceof Error ? err.message : String(err)));
        return;
      }
      this.onResult(p.template, r);
      this.set(uri, p, previewText(name, r, root));
      const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === p.template.toString());
      if (!open || !r.version || r.version >= open.version) {
        return;
      }
    }
  }

  private set(uri: vscode.Uri, p: Preview, text: string): void {
    if (p.text !== text) {
      p.text = text;
      this.changed.fire(uri);
    }
  }

  dispose(): void {
    clearTimeout(this.configTimer);
    for (const p of this.previews.values()) {
      p.refresher.stop();
    }
    this.disposables.forEach((d) => d.dispose());
  }
}

/** The template the command acts on: the argument, else the active editor's (or its preview's). */
export function targetTemplate(arg?: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) {
    return templateOf(arg) ?? arg;
  }
  const uri = vscode.window.activeTextEditor?.document.uri;
  return uri && (templateOf(uri) ?? uri);
}

/** Registers the preview documents and heat-ls.showPreview. */
export function registerPreview(
  context: vscode.ExtensionContext,
  client: () => LanguageClient | undefined,
  onResult: (template: vscode.Uri, r: PreviewResult) => void,
): PreviewDocuments {
  const docs = new PreviewDocuments(client, onResult);
  context.subscriptions.push(
    docs,
    vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, docs),
    vscode.commands.registerCommand('heat-ls.showPreview', async (arg?: unknown) => {
      const template = targetTemplate(arg);
      if (!template) {
        void vscode.window.showInformationMessage('Open a Heat template to preview the stack it becomes.');
        return;
      }
      await docs.open(template);
    }),
  );
  return docs;
}
