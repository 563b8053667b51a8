// Unit tests of server resolution (src/resolve.ts): setting, then the
// binary bundled in a platform .vsix, then PATH, then the Go install
// directory, then an error with the install command.
// Also covers the settings shape sent to the server (src/settings.ts).
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { INSTALL_HINT, resolveServer, ResolveInput } from '../src/resolve';
import { serverSettings } from '../src/settings';

function input(over: Partial<ResolveInput> & { files?: string[] }): ResolveInput {
  const files = new Set(over.files ?? []);
  return {
    configuredPath: over.configuredPath,
    extensionPath: over.extensionPath ?? '/ext',
    env: over.env ?? { PATH: '/usr/local/bin:/usr/bin', HOME: '/home/u' },
    platform: over.platform ?? 'linux',
    isExecutable: (f) => files.has(f),
  };
}

test('resolveServer', async (t) => {
  const cases: { name: string; in: ResolveInput; command?: string; source?: string; error?: RegExp }[] = [
    {
      name: 'setting wins over PATH',
      in: input({ configuredPath: '/opt/heat/heat-ls', files: ['/opt/heat/heat-ls', '/usr/bin/heat-ls'] }),
      command: '/opt/heat/heat-ls',
      source: 'setting',
    },
    {
      name: 'setting with ~ expands to HOME',
      in: input({ configuredPath: '~/bin/heat-ls', files: ['/home/u/bin/heat-ls'] }),
      command: '/home/u/bin/heat-ls',
      source: 'setting',
    },
    {
      name: 'setting with ${env:NAME}',
      in: input({ configuredPath: '${env:TOOLS}/heat-ls', env: { TOOLS: '/tools', PATH: '' }, files: ['/tools/heat-ls'] }),
      command: '/tools/heat-ls',
      source: 'setting',
    },
    {
      name: 'setting wins over the bundled binary',
      in: input({ configuredPath: '/opt/heat/heat-ls', files: ['/opt/heat/heat-ls', '/ext/bin/heat-ls', '/usr/bin/heat-ls'] }),
      command: '/opt/heat/heat-ls',
      source: 'setting',
    },
    {
      name: 'bundled binary wins over PATH and Go bin',
      in: input({ files: ['/ext/bin/heat-ls', '/usr/local/bin/heat-ls', '/home/u/go/bin/heat-ls'] }),
      command: '/ext/bin/heat-ls',
      source: 'bundled',
    },
    {
      name: 'blank setting uses the bundled binary',
      in: input({ configuredPath: ' ', files: ['/ext/bin/heat-ls', '/usr/bin/heat-ls'] }),
      command: '/ext/bin/heat-ls',
      source: 'bundled',
    },
    {
      name: 'universal vsix (no bundled binary) falls back to PATH',
      in: input({ files: ['/usr/bin/heat-ls'] }),
      command: '/usr/bin/heat-ls',
      source: 'path',
    },
    {
      name: 'bundled binary on Windows is bin\\heat-ls.exe',
      in: input({ platform: 'win32', extensionPath: 'C:\\ext', env: { Path: 'C:\\go\\bin', PATHEXT: '.EXE' }, files: ['C:\\ext\\bin\\heat-ls.exe', 'C:\\go\\bin\\heat-ls.exe'] }),
      command: 'C:\\ext\\bin\\heat-ls.exe',
      source: 'bundled',
    },
    {
      name: 'setting pointing nowhere is an error, not a fallback to the bundled binary or PATH',
      in: input({ configuredPath: '/missing/heat-ls', files: ['/ext/bin/heat-ls', '/usr/bin/heat-ls'] }),
      error: /heat-ls\.path setting points to "\/missing\/heat-ls".*go install \.\/cmd\/heat-ls/,
    },
    {
      name: 'relative setting is an error',
      in: input({ configuredPath: 'bin/heat-ls', files: ['bin/heat-ls'] }),
      error: /must be an absolute path/,
    },
    {
      name: 'blank setting falls back to PATH, first entry first',
      in: input({ configuredPath: '  ', files: ['/usr/local/bin/heat-ls', '/usr/bin/heat-ls'] }),
      command: '/usr/local/bin/heat-ls',
      source: 'path',
    },
    {
      name: 'later PATH entry',
      in: input({ files: ['/usr/bin/heat-ls'] }),
      command: '/usr/bin/heat-ls',
      source: 'path',
    },
    {
      name: 'Go bin under HOME when PATH lacks it',
      in: input({ files: ['/home/u/go/bin/heat-ls'] }),
      command: '/home/u/go/bin/heat-ls',
      source: 'go-bin',
    },
    {
      name: 'GOBIN',
      in: input({ env: { PATH: '/usr/bin', GOBIN: '/gobin', HOME: '/home/u' }, files: ['/gobin/heat-ls', '/home/u/go/bin/heat-ls'] }),
      command: '/gobin/heat-ls',
      source: 'go-bin',
    },
    {
      name: 'GOPATH with two entries',
      in: input({ env: { PATH: '', GOPATH: '/a:/b' }, files: ['/b/bin/heat-ls'] }),
      command: '/b/bin/heat-ls',
      source: 'go-bin',
    },
    {
      name: 'Windows PATH with PATHEXT',
      in: input({ platform: 'win32', env: { Path: 'C:\\tools;C:\\go\\bin', PATHEXT: '.COM;.EXE' }, files: ['C:\\go\\bin\\heat-ls.exe'] }),
      command: 'C:\\go\\bin\\heat-ls.exe',
      source: 'path',
    },
    {
      name: 'nothing found names the install command',
      in: input({}),
      error: /not found: this \.vsix carries no binary.*PATH.*go install \.\/cmd\/heat-ls.*go build -o/,
    },
  ];
  for (const c of cases) {
    await t.test(c.name, () => {
      const got = resolveServer(c.in);
      if (c.error) {
        assert.equal(got.ok, false, `want an error, got ${JSON.stringify(got)}`);
        assert.match((got as { message: string }).message, c.error);
      } else {
        assert.deepEqual(got, { ok: true, command: c.command, source: c.source });
      }
    });
  }
  assert.match(INSTALL_HINT, /go install \.\/cmd\/heat-ls/);
});

test('serverSettings normalizes what it passes on', () => {
  const from = (o: Record<string, unknown>) => serverSettings((k) => o[k]);
  assert.deepEqual(from({}), { schemaPaths: [], logLevel: 'info', heatRelease: '', environments: {} });
  assert.deepEqual(from({ schemaPaths: ['/a', 3, '', '/b'], logLevel: 'debug', heatRelease: ' epoxy ' }), { schemaPaths: ['/a', '/b'], logLevel: 'debug', heatRelease: 'epoxy', environments: {} });
  assert.deepEqual(from({ schemaPaths: '/a', logLevel: 'loud', heatRelease: 24 }), { schemaPaths: [], logLevel: 'info', heatRelease: '', environments: {} });
  // heat-ls.environments: both shapes pass, in their order; wrong entries are dropped.
  assert.deepEqual(from({ environments: ['env/a.yaml', 3, '', 'env/*.yaml'] }).environments, ['env/a.yaml', 'env/*.yaml']);
  const mapped = from({ environments: { 'web.yaml': ['env/dev.yaml'], 'bad': 'env/x.yaml', '**/*.yaml': ['env/common.yaml', null] } }).environments;
  assert.deepEqual(mapped, { 'web.yaml': ['env/dev.yaml'], '**/*.yaml': ['env/common.yaml'] });
  assert.deepEqual(Object.keys(mapped), ['web.yaml', '**/*.yaml'], 'the first matching key wins, so the order is kept');
  assert.deepEqual(from({ environments: 'env/dev.yaml' }).environments, {}, 'neither shape: no entry');
});
