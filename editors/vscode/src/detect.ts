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

/** Top-level sections of a HOT template besides its version. */
export const TEMPLATE_SECTIONS: readonly string[] = [
  'description',
  'parameter_groups',
  'parameters',
  'resources',
  'outputs',
  'conditions',
];

/**
 * Edits (an inserted, deleted or replaced character, or two adjacent ones
 * swapped) a top-level key may be from a section name to count as that
 * name misspelt; the same bound as heat-ls (analysis/hot/detect.go).
 */
export const NEAR_MISS_DISTANCE = 2;

/** Edit distance with adjacent swaps counted as one edit. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    d.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        d[i].push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, d[i - 2][j - 2] + 1);
      }
      d[i].push(v);
    }
  }
  return d[a.length][b.length];
}

/** True when key is a misspelling of one of names (not one of them). */
export function isNearMiss(key: string, names: readonly string[]): boolean {
  return names.some((n) => {
    const dist = editDistance(key, n);
    return dist > 0 && dist <= NEAR_MISS_DISTANCE;
  });
}

/**
 * Classifies text as a HOT template, a Heat environment file or neither.
 * A key a typo away from a Heat name counts for that name, so the file is
 * claimed and heat-ls reports the typo: environment sections misspelt
 * beside real ones, or a misspelt `heat_template_version` beside HOT
 * sections.
 */
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
  if (keys.some((k) => isNearMiss(k, ['heat_template_version'])) && keys.some((k) => TEMPLATE_SECTIONS.includes(k))) {
    return 'template';
  }
  const allEnvironment =
    keys.some((k) => ENVIRONMENT_SECTIONS.includes(k)) &&
    keys.every((k) => ENVIRONMENT_SECTIONS.includes(k) || isNearMiss(k, ENVIRONMENT_SECTIONS));
  const distinctive = keys.some((k) => k !== 'parameters');
  return allEnvironment && distinctive ? 'environment' : 'other';
}

/** True for text that heat-ls should own: a template or an environment file. */
export function isHeatDocument(text: string): boolean {
  return detectHeatKind(text) !== 'other';
}

/**
 * True for text whose top-level keys are all environment sections: what
 * the environment picker offers. Unlike detectHeatKind, a file holding
 * only `parameters` counts: offering it to pick takes nothing away.
 */
export function isEnvironmentText(text: string): boolean {
  const keys: string[] = [];
  for (const line of text.slice(0, DETECTION_LIMIT).split('\n')) {
    if (line.startsWith('---') && keys.length > 0) {
      break;
    }
    const key = topLevelKey(line);
    if (key !== undefined) {
      keys.push(key);
    }
  }
  return keys.length > 0 && keys.every((k) => ENVIRONMENT_SECTIONS.includes(k));
}
