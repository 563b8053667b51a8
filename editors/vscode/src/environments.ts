// The active environment set in the status bar ("Heat env: N" while a HOT
// template or its preview is the active editor, the files in its tooltip) and
// heat-ls.pickEnvironments, the multi-select picker of the workspace's
// environment files that writes the choice into the workspace setting
// heat-ls.environments as the template's own entry. The set itself is the
// server's answer (heat-ls.preview's `environments`), so the status bar
// shows what heat-ls merges, from the setting or .heat-ls.yaml alike.

import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { DETECTION_LIMIT, detectHeatKind, isEnvironmentText } from './detect';
import { requestPreview, SETTINGS_SETTLE_MS, targetTemplate, templateOf } from './preview';
import { pickerOrder, PreviewResult, relativeTo, statusText, statusTooltip, withTemplateEntry } from './previewModel';
import { SECTION } from './settings';

/** Files looked at for environment files: names Heat files take. */
const CANDIDATES = '**/*.{yaml,yml,env,hot,template}';
const EXCLUDE = '**/{node_modules,.git}/**';
/** The most files read when looking for environment files. */
const MAX_CANDIDATES = 5000;

/** The status bar item and what heat-ls said about each template's environment files. */
export class EnvironmentStatus implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly known = new Map<string, string[]>();
  private readonly disposables: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly client: () => LanguageClient | undefined,
    private readonly log: (message: string) => void = () => undefined,
  ) {
    this.item = vscode.window.createStatusBarItem('heat-ls.environments', vscode.StatusBarAlignment.Right, 100);
    this.item.name = 'Heat environment files';
    this.item.command = 'heat-ls.pickEnvironments';
    this.disposables.push(this.item);
    vscode.window.onDidChangeActiveTextEditor(() => this.schedule(), undefined, this.disposables);
    // A .yaml file opens as `yaml` and becomes `heat` when the extension
    // claims it: VS Code reopens the document, the editor stays.
    vscode.workspace.onDidOpenTextDocument((d) => {
      if (d.uri.toString() === vscode.window.activeTextEditor?.document.uri.toString()) {
        this.schedule();
      }
    }, undefined, this.disposables);
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(SECTION)) {
        this.known.clear();
        this.schedule(SETTINGS_SETTLE_MS);
      }
    }, undefined, this.disposables);
    // .heat-ls.yaml may name the environments too.
    vscode.workspace.onDidSaveTextDocument((d) => {
      if (d.uri.path.endsWith('/.heat-ls.yaml')) {
        this.known.clear();
        this.schedule();
      }
    }, undefined, this.disposables);
  }

  /** The active set heat-ls last reported for template. */
  active(template: vscode.Uri): string[] | undefined {
    return this.known.get(template.toString());
  }

  /** Records an answer of heat-ls.preview (from the preview or the status bar's own). */
  record(template: vscode.Uri, r: PreviewResult): void {
    this.known.set(template.toString(), r.environments ?? []);
    const active = vscode.window.activeTextEditor?.document.uri;
    if (active && (templateOf(active) ?? active).toString() === template.toString()) {
      this.show(template);
    }
  }

  /** Updates the item for the active editor soon (coalescing bursts of events). */
  schedule(delayMs = 50): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), delayMs);
  }

  private async update(): Promise<void> {
    const active = vscode.window.activeTextEditor?.document;
    if (!active) {
      this.item.hide();
      return;
    }
    // A preview document stands for its template.
    const previewed = templateOf(active.uri);
    const doc = previewed ? { uri: previewed } : active;
    if (!previewed && (active.languageId !== 'heat' || detectHeatKind(active.getText(new vscode.Range(0, 0, 2000, 0))) !== 'template')) {
      this.item.hide();
      return;
    }
    if (!this.known.has(doc.uri.toString())) {
      const client = this.client();
      if (!client) {
        this.item.hide();
        return;
      }
      try {
        // Depth 0: only the top template; the answer's file list is what counts here.
        this.known.set(doc.uri.toString(), (await requestPreview(client, doc.uri, { depth: 0 })).environments ?? []);
      } catch (err) {
        // Not a template heat-ls previews, or a server without the command.
        this.log(`Environment files of ${doc.uri.fsPath}: heat-ls.preview failed: ${err instanceof Error ? err.message : String(err)}`);
        this.item.hide();
        return;
      }
    }
    if (vscode.window.activeTextEditor?.document.uri.toString() === active.uri.toString()) {
      this.show(doc.uri);
    }
  }

  private show(template: vscode.Uri): void {
    const envs = this.known.get(template.toString()) ?? [];
    const root = vscode.workspace.getWorkspaceFolder(template)?.uri.fsPath;
    this.item.text = statusText(envs.length);
    this.item.tooltip = statusTooltip(envs, root);
    this.item.show();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.disposables.forEach((d) => d.dispose());
  }
}

/** The workspace folder's environment files, as paths relative to it. */
async function environmentFiles(folder: vscode.WorkspaceFolder): Promise<string[]> {
  const files = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, CANDIDATES), EXCLUDE, MAX_CANDIDATES);
  const out: string[] = [];
  await Promise.all(
    files.map(async (f) => {
      try {
        const bytes = await vscode.workspace.fs.readFile(f);
        const text = Buffer.from(bytes.subarray(0, DETECTION_LIMIT)).toString('utf8');
        if (isEnvironmentText(text)) {
          out.push(relativeTo(folder.uri.fsPath, f.fsPath).split('\\').join('/'));
        }
      } catch {
        // Unreadable: not offered.
      }
    }),
  );
  return out.sort();
}

interface FileItem extends vscode.QuickPickItem {
  file: string;
}

/** heat-ls.pickEnvironments: choose the template's environment files. */
export async function pickEnvironments(status: EnvironmentStatus, arg?: unknown): Promise<void> {
  const template = targetTemplate(arg);
  const folder = template && vscode.workspace.getWorkspaceFolder(template);
  if (!template || !folder) {
    void vscode.window.showInformationMessage('Open a Heat template inside a workspace folder to pick its environment files.');
    return;
  }
  const rel = relativeTo(folder.uri.fsPath, template.fsPath).split('\\').join('/');
  const active = (status.active(template) ?? []).map((f) => relativeTo(folder.uri.fsPath, f).split('\\').join('/'));
  const found = await environmentFiles(folder);
  const order = pickerOrder([...new Set([...found, ...active])], active);
  const items: FileItem[] = order.map((file) => {
    const at = active.indexOf(file);
    return { label: file, file, picked: at >= 0, description: at >= 0 ? `active, ${ordinal(at + 1)}` : undefined };
  });
  const qp = vscode.window.createQuickPick<FileItem>();
  qp.title = `Environment files for ${rel}`;
  qp.placeholder = items.length
    ? 'Pick the files to merge, in this order (later ones win); Enter to apply'
    : 'No environment files in this folder; Enter to use none';
  qp.canSelectMany = true;
  qp.items = items;
  qp.selectedItems = items.filter((i) => i.picked);
  const chosen = await new Promise<string[] | undefined>((resolve) => {
    qp.onDidAccept(() => {
      const picked = new Set(qp.selectedItems.map((i) => i.file));
      resolve(order.filter((f) => picked.has(f)));
      qp.hide();
    });
    qp.onDidHide(() => resolve(undefined));
    qp.show();
  });
  qp.dispose();
  if (!chosen) {
    return;
  }
  const config = vscode.workspace.getConfiguration(SECTION, template);
  const target = (vscode.workspace.workspaceFolders?.length ?? 0) > 1 ? vscode.ConfigurationTarget.WorkspaceFolder : vscode.ConfigurationTarget.Workspace;
  const inspected = config.inspect<unknown>('environments');
  const current = target === vscode.ConfigurationTarget.WorkspaceFolder ? inspected?.workspaceFolderValue : inspected?.workspaceValue;
  await config.update('environments', withTemplateEntry(current, rel, chosen), target);
}

function ordinal(n: number): string {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}

/** Registers the status bar item and heat-ls.pickEnvironments. */
export function registerEnvironments(
  context: vscode.ExtensionContext,
  client: () => LanguageClient | undefined,
  log?: (message: string) => void,
): EnvironmentStatus {
  const status = new EnvironmentStatus(client, log);
  context.subscriptions.push(
    status,
    vscode.commands.registerCommand('heat-ls.pickEnvironments', (arg?: unknown) => pickEnvironments(status, arg)),
  );
  return status;
}
