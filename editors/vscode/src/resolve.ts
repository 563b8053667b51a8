// Finding the heat-ls executable: the `heat-ls.path` setting, else the
// binary a platform-specific .vsix carries (bin/heat-ls[.exe] inside the
// extension), else `heat-ls` on PATH, else the Go install directory (VS Code
// started from a desktop often lacks ~/go/bin on PATH), else an error
// telling the user how to get it. A setting that points nowhere is an error,
// not a reason to fall back: the user asked for that binary. Free of the `vscode` module so the node test runner can exercise it;
// the file system is reached through `isExecutable` so tests can fake it.

import * as path from 'node:path';

export interface ResolveInput {
  /** The `heat-ls.path` setting; empty or blank when unset. */
  configuredPath?: string;
  /** The extension's install directory, where a platform .vsix puts bin/heat-ls. */
  extensionPath?: string;
  /** Process environment (PATH, PATHEXT, GOBIN, GOPATH, HOME/USERPROFILE). */
  env: Record<string, string | undefined>;
  /** `process.platform`. */
  platform: string;
  /** Whether a file exists and may be executed. */
  isExecutable: (file: string) => boolean;
}

/** Where the command came from, as the output channel names it. */
export type ResolutionSource = 'setting' | 'bundled' | 'path' | 'go-bin';

/** How the output channel describes each source. */
export const SOURCE_LABEL: Record<ResolutionSource, string> = {
  setting: 'the heat-ls.path setting',
  bundled: 'the binary bundled with the extension',
  path: 'PATH',
  'go-bin': 'the Go install directory',
};

export type Resolution =
  | { ok: true; command: string; source: ResolutionSource }
  | { ok: false; message: string };

/** What a user does to get heat-ls. */
export const INSTALL_HINT =
  'Install the .vsix for your platform (it carries heat-ls), or put the heat-ls binary of a release archive on PATH, ' +
  'or build it with `go install ./cmd/heat-ls` in a heat-ls checkout (it lands in $(go env GOPATH)/bin) ' +
  'or `go build -o <dir>/heat-ls ./cmd/heat-ls` and set `heat-ls.path` to that file.';

/** Where a platform-specific .vsix carries the binary, relative to the extension. */
export function bundledBinary(extensionPath: string, platform: string): string {
  const p = pathModule(platform);
  return p.join(extensionPath, 'bin', platform === 'win32' ? 'heat-ls.exe' : 'heat-ls');
}

function pathModule(platform: string): path.PlatformPath {
  return platform === 'win32' ? path.win32 : path.posix;
}

function home(env: ResolveInput['env'], platform: string): string | undefined {
  return platform === 'win32' ? env.USERPROFILE ?? env.HOME : env.HOME;
}

/** Expands a leading `~` and `${env:NAME}` references in a configured path. */
export function expandPath(p: string, env: ResolveInput['env'], platform: string): string {
  let out = p.trim().replace(/\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => env[name] ?? '');
  const h = home(env, platform);
  if (h && (out === '~' || out.startsWith('~/') || out.startsWith('~\\'))) {
    out = pathModule(platform).join(h, out.slice(1));
  }
  return out;
}

/** File names an executable called `heat-ls` may have on this platform. */
function executableNames(env: ResolveInput['env'], platform: string): string[] {
  if (platform !== 'win32') {
    return ['heat-ls'];
  }
  const exts = (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').filter((e) => e !== '');
  return exts.map((e) => 'heat-ls' + e.toLowerCase());
}

/** Where `go install` puts binaries: $GOBIN, else each $GOPATH entry's bin, else ~/go/bin. */
function goBinDirs(env: ResolveInput['env'], platform: string): string[] {
  const p = pathModule(platform);
  if (env.GOBIN) {
    return [env.GOBIN];
  }
  if (env.GOPATH) {
    return env.GOPATH.split(p.delimiter).filter((d) => d !== '').map((d) => p.join(d, 'bin'));
  }
  const h = home(env, platform);
  return h ? [p.join(h, 'go', 'bin')] : [];
}

/** Resolves the heat-ls executable; see the file comment for the order. */
export function resolveServer(input: ResolveInput): Resolution {
  const { env, platform, isExecutable } = input;
  const p = pathModule(platform);
  const configured = (input.configuredPath ?? '').trim();
  if (configured !== '') {
    const file = expandPath(configured, env, platform);
    if (!p.isAbsolute(file)) {
      return {
        ok: false,
        message: `The heat-ls.path setting must be an absolute path (or start with ~), got "${configured}".`,
      };
    }
    if (!isExecutable(file)) {
      return {
        ok: false,
        message: `The heat-ls.path setting points to "${file}", which is not an executable file. ${INSTALL_HINT}`,
      };
    }
    return { ok: true, command: file, source: 'setting' };
  }
  if (input.extensionPath) {
    const file = bundledBinary(input.extensionPath, platform);
    if (isExecutable(file)) {
      return { ok: true, command: file, source: 'bundled' };
    }
  }
  const names = executableNames(env, platform);
  const pathVar = env.PATH ?? env.Path ?? '';
  for (const dir of pathVar.split(p.delimiter)) {
    if (dir === '') {
      continue;
    }
    for (const name of names) {
      const file = p.join(dir, name);
      if (isExecutable(file)) {
        return { ok: true, command: file, source: 'path' };
      }
    }
  }
  for (const dir of goBinDirs(env, platform)) {
    for (const name of names) {
      const file = p.join(dir, name);
      if (isExecutable(file)) {
        return { ok: true, command: file, source: 'go-bin' };
      }
    }
  }
  return {
    ok: false,
    message: `heat-ls was not found: this .vsix carries no binary, and none is on PATH or in the Go install directory. ${INSTALL_HINT}`,
  };
}
