// Unit tests of content detection (src/detect.ts) and of the agreement
// between it and the `firstLine` pattern contributed in package.json.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { detectHeatKind, FIRST_LINE_PATTERN, HeatKind, topLevelKey } from '../src/detect';
import { fixtureDir } from './expectations';

const extensionRoot = path.resolve(__dirname, '..', '..');

test('detectHeatKind', async (t) => {
  const cases: { name: string; text: string; want: HeatKind }[] = [
    { name: 'template', text: 'heat_template_version: 2018-08-31\nresources: {}\n', want: 'template' },
    { name: 'template with a date name', text: 'heat_template_version: wallaby\n', want: 'template' },
    { name: 'template after comments and a document marker', text: '# a comment\n---\n\ndescription: x\nheat_template_version: 2015-04-30\n', want: 'template' },
    { name: 'template with CRLF and BOM', text: '\ufeffheat_template_version: 2016-10-14\r\nresources: {}\r\n', want: 'template' },
    { name: 'quoted version key', text: '"heat_template_version": 2016-10-14\n', want: 'template' },
    { name: 'version key only nested', text: 'foo:\n  heat_template_version: 2016-10-14\n', want: 'other' },
    { name: 'version key in a second YAML document', text: 'foo: 1\n---\nheat_template_version: 2016-10-14\n', want: 'other' },
    { name: 'version key inside a block scalar', text: 'script: |\n  heat_template_version: x\n', want: 'other' },
    { name: 'environment with registry', text: 'resource_registry:\n  My::Type: nested.yaml\nparameter_defaults:\n  key: v\n', want: 'environment' },
    { name: 'environment with only parameter_defaults', text: '# env\nparameter_defaults:\n  flavor: m1.small\n', want: 'environment' },
    { name: 'environment with every section', text: 'parameters: {}\nparameter_defaults: {}\nresource_registry: {}\nencrypted_param_names: []\nevent_sinks: []\nparameter_merge_strategies: {}\n', want: 'environment' },
    { name: 'only parameters is not claimed', text: 'parameters:\n  a: 1\n', want: 'other' },
    { name: 'environment section mixed with other keys', text: 'parameter_defaults: {}\nhosts: all\n', want: 'other' },
    { name: 'ansible playbook', text: '- hosts: all\n  tasks: []\n', want: 'other' },
    { name: 'kubernetes manifest', text: 'apiVersion: v1\nkind: Pod\n', want: 'other' },
    { name: 'empty', text: '', want: 'other' },
    { name: 'version word in a value', text: 'name: heat_template_version\n', want: 'other' },
  ];
  for (const c of cases) {
    await t.test(c.name, () => {
      assert.equal(detectHeatKind(c.text), c.want);
    });
  }
});

test('topLevelKey', () => {
  assert.equal(topLevelKey('resources:'), 'resources');
  assert.equal(topLevelKey('resources: {}'), 'resources');
  assert.equal(topLevelKey("'quoted key': 1"), 'quoted key');
  assert.equal(topLevelKey('  nested: 1'), undefined);
  assert.equal(topLevelKey('# comment: 1'), undefined);
  assert.equal(topLevelKey('- item: 1'), undefined);
  assert.equal(topLevelKey('url:http://x'), undefined);
});

test('the heat language firstLine in package.json is the detection pattern', () => {
  const manifest = JSON.parse(readFileSync(path.join(extensionRoot, 'package.json'), 'utf8'));
  const heat = manifest.contributes.languages.find((l: { id: string }) => l.id === 'heat');
  assert.ok(heat, 'package.json contributes no "heat" language');
  assert.equal(heat.firstLine, FIRST_LINE_PATTERN);
  const re = new RegExp(heat.firstLine);
  for (const line of ['heat_template_version: 2018-08-31', 'heat_template_version : queens', 'heat_template_version:']) {
    assert.ok(re.test(line), `firstLine should match ${JSON.stringify(line)}`);
    assert.equal(detectHeatKind(line + '\n'), 'template', `detection should agree on ${JSON.stringify(line)}`);
  }
  for (const line of ['# heat_template_version: 2018-08-31', '  heat_template_version: 1', 'heat_template_versions: 1']) {
    assert.ok(!re.test(line), `firstLine should not match ${JSON.stringify(line)}`);
  }
});

test('package.json wires the settings, the commands and activation', () => {
  const manifest = JSON.parse(readFileSync(path.join(extensionRoot, 'package.json'), 'utf8'));
  const props = Object.keys(manifest.contributes.configuration.properties);
  for (const key of ['heat-ls.path', 'heat-ls.schemaPaths', 'heat-ls.heatRelease', 'heat-ls.environments', 'heat-ls.logLevel', 'heat-ls.trace.server']) {
    assert.ok(props.includes(key), `setting ${key} is not contributed`);
  }
  const commands = manifest.contributes.commands.map((c: { command: string }) => c.command);
  assert.ok(commands.includes('heat-ls.restart'), 'heat-ls.restart is not contributed');
  for (const id of ['heat-ls.showPreview', 'heat-ls.pickEnvironments']) {
    assert.ok(commands.includes(id), `${id} is not contributed`);
  }
  // vscode-languageclient registers the server's own command ids; a
  // contributed one of the same name would clash with it.
  assert.ok(!commands.includes('heat-ls.preview'), 'heat-ls.preview belongs to the server');
  assert.equal(manifest.contributes.configuration.properties['heat-ls.environments'].scope, 'resource', 'heat-ls.environments is set per workspace folder');
  assert.ok(manifest.activationEvents.includes('onLanguage:yaml'));
  assert.ok(manifest.activationEvents.includes('onLanguage:heat'));
});

test('detection.json cases shared by every editor', async (t) => {
  const table = JSON.parse(readFileSync(path.join(fixtureDir, 'detection.json'), 'utf8')) as {
    cases: { name: string; text: string; kind: HeatKind }[];
  };
  assert.ok(table.cases.length > 0, 'detection.json holds no cases');
  for (const c of table.cases) {
    await t.test(c.name, () => {
      assert.equal(detectHeatKind(c.text), c.kind);
    });
  }
});
