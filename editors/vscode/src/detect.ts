// Content detection of Heat files. Kept free of the `vscode` module so the
// node test runner can exercise it directly.
//
// The rules follow heat-ls itself (analysis/hot/detect.go): a document is a
// HOT template when it has a top-level `heat_template_version` key, and an
// environment file when every top-level key is an environment section. The
// one difference is deliberate: a file whose only section is `parameters` is
// not claimed, because plenty of unrelated YAML looks like that and switching
// it away from the `yaml` language would take the YAML extension's help away.

export type HeatKind = 'template' | 'environment' | 'other';

/** Sections a Heat environment file may hold at its top level. */
export const ENVIRONMENT_SECTIONS: readonly string[] = [
  'parameters',
  'parameter_defaults',
  'resource_registry',
  'encrypted_param_names',
  'event_sinks',
  'parameter_merge_strategies',
];

/** Bytes of text looked at; templates declare themselves near the top. */
export const DETECTION_LIMIT = 64 * 1024;

/**
 * The `firstLine` pattern contributed for the `heat` language in
 * package.json. VS Code applies it on its own; the unit tests check that
 * package.json carries exactly this pattern.
 */
export const FIRST_LINE_PATTERN = '^heat_template_version\\s*:';

/** Returns the key of an unindented `key:` line, or undefined. */
export function topLevelKey(line: string): string | undefined {
  line = line.replace(/^\ufeff/, '').replace(/\r$/, '');
  if (line === '' || /^[\s#\-]/.test(line) || line.startsWith('...')) {
    return undefined;
  }
  const m = /^(?:"([^"]+)"|'([^']+)'|([^\s:#][^:#]*?))\s*:(?:\s|$)/.exec(line);
  if (!m) {
    return undefined;
  }
  return m[1] ?? m[2] ?? m[3];
}

/** Classifies text as a HOT template, a Heat environment file or neither. */
export function detectHeatKind(text: string): HeatKind {
  const keys: string[] = [];
  for (const line of text.slice(0, DETECTION_LIMIT).split('\n')) {
    if (line.startsWith('---') && keys.length > 0) {
      break; // only the first YAML document counts
    }
    const key = topLevelKey(line);
    if (key === undefined) {
      continue;
    }
    if (key === 'heat_template_version') {
      return 'template';
    }
    keys.push(key);
  }
  const allEnvironment = keys.length > 0 && keys.every((k) => ENVIRONMENT_SECTIONS.includes(k));
  const distinctive = keys.some((k) => k !== 'parameters');
  return allEnvironment && distinctive ? 'environment' : 'other';
}

/** True for text that heat-ls should own: a template or an environment file. */
export function isHeatDocument(text: string): boolean {
  return detectHeatKind(text) !== 'other';
}
