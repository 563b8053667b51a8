// The settings heat-ls receives, in the one shape used both for
// initializationOptions and for answers to workspace/configuration (section
// "heat-ls"). Free of the `vscode` module so the protocol test sends exactly
// what the extension sends.

/** Configuration section of the extension; also the language client id. */
export const SECTION = 'heat-ls';

/** Settings heat-ls reads. `path` and `trace.server` stay on the client side. */
export interface ServerSettings {
  schemaPaths: string[];
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** The Heat release to judge for ("" leaves it to .heat-ls.yaml or heat-ls). */
  heatRelease: string;
}

const LOG_LEVELS: readonly ServerSettings['logLevel'][] = ['debug', 'info', 'warn', 'error'];

/**
 * Builds the server settings from a setting getter (VS Code's
 * WorkspaceConfiguration.get, or a plain object in tests), dropping values
 * of the wrong type rather than passing them on.
 */
export function serverSettings(get: (key: string) => unknown): ServerSettings {
  const paths = get('schemaPaths');
  const level = get('logLevel');
  const release = get('heatRelease');
  return {
    schemaPaths: Array.isArray(paths) ? paths.filter((p): p is string => typeof p === 'string' && p !== '') : [],
    logLevel: LOG_LEVELS.includes(level as ServerSettings['logLevel']) ? (level as ServerSettings['logLevel']) : 'info',
    heatRelease: typeof release === 'string' ? release.trim() : '',
  };
}
