// Protocol test: replays what VS Code (vscode-languageclient 9) sends to a
// language server against the real heat-ls binary over stdio: initialize,
// initialized, didChangeConfiguration, didOpen, then waits for
// publishDiagnostics, probes hover/definition/completion where the server
// advertises them, edits the document, and shuts down. VS Code itself cannot
// run in this environment, so this is the extension's real-server test.
//
// The binary comes from $HEAT_LS_BIN (test.sh builds it), else PATH.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { SECTION, serverSettings } from '../src/settings';
import { diagnosticMatches, fixtureDir, hoverText, loadExpectations } from './expectations';
import { LspClient, serverBinary } from './lsp-client';
import { vscodeInitializeParams } from './vscode-initialize';

const DIAGNOSTICS_TIMEOUT_MS = 15000;

test('VS Code initialize replay against the real heat-ls', async (t) => {
  const { exp, templatePath, text } = loadExpectations();
  const binary = serverBinary();
  const settings = serverSettings((k) => ({ schemaPaths: [], logLevel: 'debug' } as Record<string, unknown>)[k]);
  const client = new LspClient(binary, [], (method, params) => {
    switch (method) {
      case 'workspace/configuration':
        return params.items.map((item: { section?: string }) =>
          item.section === SECTION || !item.section ? settings : null,
        );
      case 'workspace/workspaceFolders':
        return [{ uri: pathToFileURL(fixtureDir).href, name: 'editors' }];
      default:
        return null; // client/registerCapability, window/workDoneProgress/create, ...
    }
  });
  t.after(() => {
    client.proc.kill('SIGKILL');
  });
  const uri = pathToFileURL(templatePath).href;
  let caps: any; // eslint-disable-line @typescript-eslint/no-explicit-any

  await t.test('initialize answers with capabilities and serverInfo', async () => {
    const result = await client.request(
      'initialize',
      vscodeInitializeParams(fixtureDir, pathToFileURL(fixtureDir).href, path.basename(fixtureDir), settings),
    );
    assert.ok(result && typeof result.capabilities === 'object', `initialize result lacks capabilities: ${JSON.stringify(result)}`);
    caps = result.capabilities;
    const sync = caps.textDocumentSync;
    const syncKind = typeof sync === 'number' ? sync : sync?.change;
    assert.ok(syncKind === 1 || syncKind === 2, `textDocumentSync change kind should be full (1) or incremental (2), got ${JSON.stringify(sync)}`);
    if (typeof sync === 'object') {
      assert.equal(sync.openClose, true, 'textDocumentSync.openClose must be true for didOpen/didClose');
    }
    if (caps.positionEncoding !== undefined) {
      assert.equal(caps.positionEncoding, 'utf-16', 'VS Code offers only utf-16');
    }
    assert.ok(result.serverInfo, `initialize result lacks serverInfo: ${JSON.stringify(result)}`);
    assert.match(String(result.serverInfo.name), /heat-ls/);
    client.notify('initialized', {});
    client.notify('workspace/didChangeConfiguration', { settings: { [SECTION]: settings } });
  });

  await t.test('didOpen leads to publishDiagnostics with the expected problems', async () => {
    assert.ok(caps, 'initialize failed');
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'heat', version: 1, text } });
    const matchesAll = (params: any) => // eslint-disable-line @typescript-eslint/no-explicit-any
      params.uri === uri && exp.diagnostics.every((want) => params.diagnostics.some((d: any) => diagnosticMatches(d, want))); // eslint-disable-line @typescript-eslint/no-explicit-any
    const hit = await client.waitForNotification((n) => n.method === 'textDocument/publishDiagnostics' && matchesAll(n.params), DIAGNOSTICS_TIMEOUT_MS);
    const published = client.notifications.filter((n) => n.method === 'textDocument/publishDiagnostics' && n.params.uri === uri);
    assert.ok(
      hit,
      `no publishDiagnostics for ${uri} matched ${JSON.stringify(exp.diagnostics)} within ${DIAGNOSTICS_TIMEOUT_MS} ms; got ${JSON.stringify(published.map((n) => n.params.diagnostics))}\nserver stderr:\n${client.stderr}`,
    );
    for (const d of hit.params.diagnostics) {
      assert.equal(d.source === undefined || typeof d.source === 'string', true);
      assert.ok(typeof d.message === 'string' && d.message !== '', `diagnostic without a message: ${JSON.stringify(d)}`);
    }
  });

  const pos = (p: { line: number; character: number }) => ({ line: p.line, character: p.character });

  await t.test('hover', async (st) => {
    assert.ok(caps, 'initialize failed, so the server capabilities are unknown');
    if (!caps.hoverProvider) {
      st.skip('server does not advertise hoverProvider');
      return;
    }
    const result = await client.request('textDocument/hover', { textDocument: { uri }, position: pos(exp.hover.position) });
    assert.ok(result, `hover at ${JSON.stringify(exp.hover.position)} returned null`);
    const got = hoverText(result.contents);
    assert.ok(got.toLowerCase().includes(exp.hover.contains.toLowerCase()), `hover text should contain ${JSON.stringify(exp.hover.contains)}, got ${JSON.stringify(got)}`);
  });

  await t.test('definition', async (st) => {
    assert.ok(caps, 'initialize failed, so the server capabilities are unknown');
    if (!caps.definitionProvider) {
      st.skip('server does not advertise definitionProvider');
      return;
    }
    const result = await client.request('textDocument/definition', { textDocument: { uri }, position: pos(exp.definition.position) });
    const list = result === null ? [] : Array.isArray(result) ? result : [result];
    const targets = list.map((l: any) => ({ uri: l.targetUri ?? l.uri, start: (l.targetSelectionRange ?? l.range).start })); // eslint-disable-line @typescript-eslint/no-explicit-any
    const want = exp.definition.target;
    assert.ok(
      targets.some((x: any) => x.uri === uri && x.start.line === want.line && x.start.character === want.character), // eslint-disable-line @typescript-eslint/no-explicit-any
      `definition should lead to ${want.line}:${want.character} in ${uri}, got ${JSON.stringify(result)}`,
    );
  });

  await t.test('completion', async (st) => {
    assert.ok(caps, 'initialize failed, so the server capabilities are unknown');
    if (!caps.completionProvider) {
      st.skip('server does not advertise completionProvider');
      return;
    }
    const result = await client.request('textDocument/completion', {
      textDocument: { uri },
      position: pos(exp.completion.position),
      context: { triggerKind: 1 },
    });
    const items = result === null ? [] : Array.isArray(result) ? result : result.items;
    const labels = items.map((i: { label: string }) => i.label);
    for (const want of exp.completion.labels) {
      assert.ok(labels.includes(want), `completion should offer ${want}; got ${JSON.stringify(labels)}`);
    }
  });

  await t.test('plain YAML (languageId yaml) gets nothing from heat-ls, so the YAML extension is not duplicated', async () => {
    assert.ok(caps, 'initialize failed');
    const plainUri = pathToFileURL(path.join(fixtureDir, 'not-heat.yaml')).href;
    const plain = 'apiVersion: v1\nkind: ConfigMap\ndata:\n  get_\n';
    client.notify('textDocument/didOpen', { textDocument: { uri: plainUri, languageId: 'yaml', version: 1, text: plain } });
    if (caps.completionProvider) {
      const result = await client.request('textDocument/completion', {
        textDocument: { uri: plainUri },
        position: { line: 3, character: 6 },
        context: { triggerKind: 1 },
      });
      const items = result === null ? [] : Array.isArray(result) ? result : result.items;
      assert.deepEqual(items.map((i: { label: string }) => i.label), [], 'heat-ls should offer no completions in plain YAML');
    }
    if (caps.hoverProvider) {
      const result = await client.request('textDocument/hover', { textDocument: { uri: plainUri }, position: { line: 1, character: 2 } });
      assert.ok(result === null || hoverText(result.contents) === '', `heat-ls should not hover in plain YAML, got ${JSON.stringify(result)}`);
    }
    const published = await client.waitForNotification(
      (n) => n.method === 'textDocument/publishDiagnostics' && n.params.uri === plainUri,
      2000,
    );
    assert.ok(!published || published.params.diagnostics.length === 0, `heat-ls should report nothing on plain YAML, got ${JSON.stringify(published?.params.diagnostics)}`);
    client.notify('textDocument/didClose', { textDocument: { uri: plainUri } });
  });

  await t.test('an edit that removes the problem clears its diagnostic', async () => {
    assert.ok(caps, 'initialize failed');
    const fixed = text
      .split('\n')
      .filter((_, i) => !exp.diagnostics.some((d) => d.line === i))
      .join('\n');
    const before = client.notifications.length;
    client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: fixed }] });
    const hit = await client.waitForNotification(
      (n) =>
        client.notifications.indexOf(n) >= before &&
        n.method === 'textDocument/publishDiagnostics' &&
        n.params.uri === uri &&
        !exp.diagnostics.some((want) => n.params.diagnostics.some((d: any) => diagnosticMatches(d, want))), // eslint-disable-line @typescript-eslint/no-explicit-any
      DIAGNOSTICS_TIMEOUT_MS,
    );
    assert.ok(hit, `after removing the expected problems' lines no publishDiagnostics without them came within ${DIAGNOSTICS_TIMEOUT_MS} ms`);
    client.notify('textDocument/didClose', { textDocument: { uri } });
  });

  await t.test('shutdown and exit end the process with status 0', async () => {
    const result = await client.request('shutdown', null);
    assert.equal(result, null);
    client.notify('exit', null);
    const exit = await client.waitForExit(5000);
    assert.equal(exit.timedOut, false, 'heat-ls did not exit within 5 s of the exit notification');
    assert.equal(exit.code, 0, `heat-ls exited with ${JSON.stringify(exit)}; stderr:\n${client.stderr}`);
  });
});
