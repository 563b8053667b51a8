// The VS Code side of heat-ls: finds the server binary, starts it through
// vscode-languageclient for `heat` and `yaml` documents, moves HOT templates
// and environment files to the `heat` language (so the Red Hat YAML
// extension, which serves only `yaml`, does not answer them a second time),
// keeps the server's settings in sync and offers a restart command, the
// resource graph, the stack preview and the environment files' picker.

import * as fs from 'node:fs';
import * as vscode from 'vscode';
import {
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';
import { isHeatDocument } from './detect';
import { registerEnvironments } from './environments';
import { registerGraphView } from './graphPanel';
import { registerPreview } from './preview';
import { registerShowReferences } from './references';
import { bundledBinary, resolveServer, SOURCE_LABEL } from './resolve';
import { SECTION, serverSettings } from './settings';

const HEAT_LANGUAGE = 'heat';

function isExecutable(file: string): boolean {
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) {
      return false;
    }
    if (process.platform !== 'win32') {
      fs.accessSync(file, fs.constants.X_OK);
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Gives the bundled binary its execute bit back when an unpacker dropped it
 * (VS Code keeps the mode .vsix entries carry, other installers may not).
 */
function restoreBundledMode(extensionPath: string): void {
  if (process.platform === 'win32') {
    return;
  }
  const file = bundledBinary(extensionPath, process.platform);
  try {
    if (fs.statSync(file).isFile() && !isExecutable(file)) {
      fs.chmodSync(file, 0o755);
    }
  } catch {
    // No bundled binary (the universal .vsix) or a read-only install: resolution moves on.
  }
}

/** Owns the language client across restarts. */
class HeatLanguageServer implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private readonly output: vscode.OutputChannel;

  constructor(private readonly extensionPath: string) {
    this.output = vscode.window.createOutputChannel('heat-ls');
  }

  async start(): Promise<void> {
    const config = vscode.workspace.getConfiguration(SECTION);
    const resolution = resolveServer({
      configuredPath: config.get<string>('path'),
      extensionPath: this.extensionPath,
      env: process.env,
      platform: process.platform,
      isExecutable,
    });
    if (!resolution.ok) {
      this.output.appendLine(resolution.message);
      const choice = await vscode.window.showErrorMessage(resolution.message, 'Open Settings');
      if (choice === 'Open Settings') {
        await vscode.commands.executeCommand('workbench.action.openSettings', `${SECTION}.path`);
      }
      return;
    }
    this.output.appendLine(`Starting ${resolution.command} (from ${SOURCE_LABEL[resolution.source]})`);
    const executable = { command: resolution.command, args: [], transport: TransportKind.stdio };
    const serverOptions: ServerOptions = { run: executable, debug: executable };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        { scheme: 'file', language: HEAT_LANGUAGE },
        { scheme: 'untitled', language: HEAT_LANGUAGE },
        { scheme: 'file', language: 'yaml' },
        { scheme: 'untitled', language: 'yaml' },
      ],
      initializationOptions: () => serverSettings((key) => vscode.workspace.getConfiguration(SECTION).get(key)),
      synchronize: { configurationSection: SECTION },
      middleware: {
        workspace: {
          // Answer workspace/configuration for "heat-ls" with the same
          // normalized shape as initializationOptions.
          configuration: async (params, token, next) => {
            const answered = await next(params, token);
            if (!Array.isArray(answered)) {
              return answered; // a ResponseError: pass it on
            }
            return params.items.map((item, i) =>
              item.section === SECTION || item.section === undefined || item.section === ''
                ? serverSettings((key) =>
                    vscode.workspace
                      .getConfiguration(SECTION, item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined)
                      .get(key),
                  )
                : answered[i],
            );
          },
        },
      },
      outputChannel: this.output,
      traceOutputChannel: this.output,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
    };
    this.client = new LanguageClient(SECTION, 'heat-ls', serverOptions, clientOptions);
    try {
      await this.client.start();
    } catch (err) {
      const message = `heat-ls failed to start from ${resolution.command}: ${String(err)}`;
      this.output.appendLine(message);
      void vscode.window.showErrorMessage(message);
    }
  }

  /** Writes a line to the heat-ls output channel. */
  log(message: string): void {
    this.output.appendLine(message);
  }

  /** The running client (undefined while stopped). */
  current(): LanguageClient | undefined {
    return this.client;
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) {
      try {
        await client.stop();
      } catch (err) {
        this.output.appendLine(`Stopping heat-ls: ${String(err)}`);
      }
    }
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  dispose(): void {
    void this.stop();
    this.output.dispose();
  }
}

/** Moves a YAML document that holds a HOT template or environment file to `heat`. */
async function claimHeatDocument(doc: vscode.TextDocument): Promise<void> {
  if (
    doc.languageId !== 'yaml' ||
    (doc.uri.scheme !== 'file' && doc.uri.scheme !== 'untitled') ||
    !vscode.workspace.getConfiguration(SECTION).get<boolean>('detectByContent', true)
  ) {
    return;
  }
  if (isHeatDocument(doc.getText())) {
    await vscode.languages.setTextDocumentLanguage(doc, HEAT_LANGUAGE);
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  restoreBundledMode(context.extensionPath);
  const server = new HeatLanguageServer(context.extensionPath);
  context.subscriptions.push(server);
  registerGraphView(context, () => server.current()); // graphPanel.ts
  registerShowReferences(context); // references.ts: what code lenses run
  const environments = registerEnvironments(context, () => server.current(), (m) => server.log(m)); // environments.ts: status bar and picker
  const previews = registerPreview(context, () => server.current(), (uri, r) => environments.record(uri, r)); // preview.ts
  const restart = async () => {
    await server.restart();
    environments.schedule();
    previews.refreshAll();
  };
  context.subscriptions.push(vscode.commands.registerCommand(`${SECTION}.restart`, restart));
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      // Settings the server reads travel through workspace/didChangeConfiguration
      // and trace.server is applied by the client; only a new binary needs a restart.
      if (e.affectsConfiguration(`${SECTION}.path`)) {
        void restart();
      }
    }),
  );
  context.subscriptions.push(vscode.workspace.onDidOpenTextDocument((doc) => void claimHeatDocument(doc)));
  for (const doc of vscode.workspace.textDocuments) {
    void claimHeatDocument(doc);
  }
  await server.start();
  environments.schedule();
  previews.refreshAll();
}

export async function deactivate(): Promise<void> {
  // The server is disposed through context.subscriptions.
}
