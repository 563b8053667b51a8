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
  /**
   * The environment files merged for templates: one list for all, or an
   * object from template path or glob to its list (the first matching key
   * wins). `{}` when not set: no entry, so `.heat-ls.yaml` decides. Always
   * sent, so clearing the setting clears the server's copy.
   */
  environments: string[] | Record<string, string[]>;
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
    environments: environmentsSetting(get('environments')),
  };
}

const paths = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.filter((p): p is string => typeof p === 'string' && p !== '') : undefined;

/**
 * heat-ls.environments in one of its two shapes, entries of the wrong type
 * dropped; `{}` (no entry) when unset or of neither shape.
 */
export function environmentsSetting(v: unknown): ServerSettings['environments'] {
  if (Array.isArray(v)) {
    return paths(v) ?? [];
  }
  if (v === null || typeof v !== 'object') {
    return {};
  }
  const out: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(v as Record<string, unknown>)) {
    const files = paths(list);
    if (key !== '' && files) {
      out[key] = files;
    }
  }
  return out;
}
