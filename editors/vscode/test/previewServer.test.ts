// The stack preview against the real heat-ls, as the extension drives it:
// the settings serverSettings() sends (heat-ls.environments as the picker
// writes it) select the environment files, heat-ls.preview answers the
// open document's current text for that set and names the files, an edit
// and a settings change show in the next answer, explicit environments
// override the set, and a document that is not HOT is refused. The text
// the preview document shows is built from the answers (previewText).
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { PreviewResult, previewText, withTemplateEntry } from '../src/previewModel';
import { SECTION, serverSettings } from '../src/settings';
import { LspClient, serverBinary } from './lsp-client';
import { vscodeInitializeParams } from './vscode-initialize';

const fixtures = path.resolve(__dirname, '..', '..', '..', '..', 'testdata', 'editors', 'preview');

test('heat-ls.preview answers for the environment files the settings pick', async (t) => {
  const ws = mkdtempSync(path.join(os.tmpdir(), 'heat-ls-preview-'));
  t.after(() => rmSync(ws, { recursive: true, force: true }));
  cpSync(fixtures, ws, { recursive: true });
  let raw: unknown = withTemplateEntry(undefined, 'web.yaml', ['env/dev.yaml']);
  const settings = () => serverSettings((k) => (k === 'environments' ? raw : undefined));
  const client = new LspClient(serverBinary(), [], (method, params) =>
    method === 'workspace/configuration' ? params.items.map((i: { section?: string }) => (i.section === SECTION || !i.section ? settings() : null)) : null,
  );
  client.proc.stdin.on('error', () => undefined); // a write racing the end of the process
  t.after(async () => {
    if (!client.proc.killed && client.proc.exitCode === null) {
      await client.request('shutdown', null).catch(() => undefined);
      client.notify('exit', null);
      await client.waitForExit(5000);
      client.proc.kill('SIGKILL');
    }
  });
  const root = pathToFileURL(ws).href;
  const init = await client.request('initialize', vscodeInitializeParams(ws, root, 'ws', settings()));
  assert.ok(init.capabilities.executeCommandProvider.commands.includes('heat-ls.preview'), 'heat-ls.preview is advertised');
  client.notify('initialized', {});
  client.notify('workspace/didChangeConfiguration', { settings: { [SECTION]: settings() } });
  const uri = pathToFileURL(path.join(ws, 'web.yaml')).href;
  const text = readFileSync(path.join(ws, 'web.yaml'), 'utf8');
  client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'heat', version: 1, text } });
  const preview = (more: object = {}): Promise<PreviewResult> =>
    client.request('workspace/executeCommand', { command: 'heat-ls.preview', arguments: [{ uri, format: 'yaml', ...more }] });

  let r = await preview({ depth: 0 });
  assert.deepEqual(r.environments, [path.join(ws, 'env', 'dev.yaml')], 'depth 0 (what the status bar asks) names the files too');
  r = await preview();
  assert.equal(r.uri, uri);
  assert.equal(r.version, 1);
  assert.deepEqual(r.environments, [path.join(ws, 'env', 'dev.yaml')]);
  assert.match(r.text, /flavor: m1\.xlarge/);
  assert.match(previewText('web.yaml', r, ws), /^# Stack preview of web\.yaml with env\/dev\.yaml\n/);

  // The open document's text, not the disk's.
  client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: text.replace('image: cirros', 'image: fedora-40') }] });
  r = await preview();
  assert.equal(r.version, 2);
  assert.match(r.text, /image: fedora-40/);

  // The picker's next choice, through didChangeConfiguration.
  raw = withTemplateEntry(raw, 'web.yaml', ['env/dev.yaml', 'env/volume.yaml']);
  client.notify('workspace/didChangeConfiguration', { settings: { [SECTION]: settings() } });
  // The server applies the change off the request path: ask until it has (bounded).
  const deadline = Date.now() + 15000;
  for (;;) {
    r = await preview();
    if (r.environments.length === 2 || Date.now() > deadline) {
      break;
    }
    await new Promise((res) => setTimeout(res, 50));
  }
  assert.deepEqual(r.environments, [path.join(ws, 'env', 'dev.yaml'), path.join(ws, 'env', 'volume.yaml')]);
  assert.match(r.text, /want_volume: true/);

  // Explicit environments win over the set; [] means none.
  r = await preview({ environments: [] });
  assert.deepEqual(r.environments, []);
  assert.match(r.text, /flavor: m1\.small/);

  // Not HOT: refused with a clear message.
  const other = pathToFileURL(path.join(ws, 'notes.yaml')).href;
  client.notify('textDocument/didOpen', { textDocument: { uri: other, languageId: 'yaml', version: 1, text: 'title: not heat\n' } });
  await assert.rejects(
    client.request('workspace/executeCommand', { command: 'heat-ls.preview', arguments: [{ uri: other }] }),
    (err: Error) => /error -32602: .*(HOT|template)/i.test(err.message),
  );
});
