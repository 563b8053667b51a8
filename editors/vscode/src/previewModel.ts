// The stack preview's logic that needs no editor: the answer of the
// server's heat-ls.preview command and how it is shown, the coalescing of
// refreshes while the user types, the status bar's words, and the
// heat-ls.environments setting the environment picker writes. Kept free of
// the `vscode` module so the node test runner exercises it directly.

/** What heat-ls.preview answers (see docs/preview.md, "For the editor"). */
export interface PreviewResult {
  uri: string;
  version: number;
  format: string;
  text: string;
  /** The environment files the preview merged, absolute, in merge order. */
  environments: string[];
  problems?: PreviewProblem[];
}

export interface PreviewProblem {
  severity: 'error' | 'warning' | string;
  message: string;
  uri?: string;
  line?: number;
}

/** The URI scheme of the read-only preview documents. */
export const PREVIEW_SCHEME = 'heat-ls-preview';

/**
 * The path of a template's preview document: beside the template, named
 * after it, ending in .yaml so the editor gives it the YAML language.
 */
export function previewPath(templatePath: string): string {
  const slash = templatePath.lastIndexOf('/');
  const dir = templatePath.slice(0, slash + 1);
  const base = templatePath.slice(slash + 1).replace(/\.(ya?ml|hot|template)$/i, '');
  return `${dir}${base} (preview).yaml`;
}

/** Shortens an absolute path to one relative to root when it lies inside it. */
export function relativeTo(root: string | undefined, file: string): string {
  if (root) {
    const prefix = root.endsWith('/') ? root : root + '/';
    if (file.startsWith(prefix)) {
      return file.slice(prefix.length);
    }
  }
  return file;
}

/** The one line of a problem, as a YAML comment: "# error: env.yaml:3: message". */
function problemLine(p: PreviewProblem, root: string | undefined): string {
  let where = '';
  if (p.uri) {
    const file = p.uri.startsWith('file://') ? decodeURIComponent(p.uri.slice('file://'.length)) : p.uri;
    where = relativeTo(root, file) + (typeof p.line === 'number' ? `:${p.line + 1}` : '') + ': ';
  }
  return `# ${p.severity}: ${where}${p.message.replace(/\s*\n\s*/g, ' ')}`;
}

/**
 * The preview document's text: a comment naming the template and the
 * environment files merged, the problems Heat would refuse the stack for
 * (or warn about), then the preview as `heat-ls preview` prints it.
 */
export function previewText(templateName: string, r: PreviewResult, root?: string): string {
  const envs = r.environments ?? [];
  const head = [
    `# Stack preview of ${templateName}` +
      (envs.length ? ` with ${envs.map((e) => relativeTo(root, e)).join(', ')}` : ' (no environment files)'),
  ];
  for (const p of r.problems ?? []) {
    head.push(problemLine(p, root));
  }
  const body = r.text.endsWith('\n') || r.text === '' ? r.text : r.text + '\n';
  return head.join('\n') + '\n' + body;
}

/** The preview document's text when heat-ls could not preview the template. */
export function previewFailureText(templateName: string, error: string): string {
  return `# heat-ls could not preview ${templateName}:\n${error
    .split('\n')
    .map((l) => `#   ${l}`)
    .join('\n')}\n`;
}

/** The status bar item's text for an active environment set of n files. */
export function statusText(n: number): string {
  return `$(layers) Heat env: ${n}`;
}

/** The status bar item's tooltip: the files, in merge order, or how to pick some. */
export function statusTooltip(envs: string[], root?: string): string {
  if (envs.length === 0) {
    return 'No environment files are active for this template. Click to pick some.';
  }
  return `Environment files merged for this template, later ones win:\n${envs
    .map((e, i) => `${i + 1}. ${relativeTo(root, e)}`)
    .join('\n')}\nClick to change.`;
}

/** The two shapes heat-ls.environments takes. */
export type EnvironmentsSetting = string[] | Record<string, string[]>;

/**
 * The setting after choosing files for one template: an object whose first
 * entry is the template's own (so it wins over any glob after it), the
 * other entries kept in their order. A list that applied to every template
 * is kept for the others as the entry "**".
 */
export function withTemplateEntry(current: unknown, template: string, chosen: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = { [template]: [...chosen] };
  if (Array.isArray(current)) {
    const list = current.filter((p): p is string => typeof p === 'string');
    if (list.length) {
      out['**'] = list;
    }
    return out;
  }
  if (current && typeof current === 'object') {
    for (const [k, v] of Object.entries(current as Record<string, unknown>)) {
      if (k !== template && Array.isArray(v)) {
        out[k] = v.filter((p): p is string => typeof p === 'string');
      }
    }
  }
  return out;
}

/**
 * Orders the picker's items: the active files first in their merge order,
 * then the others by path; the choice keeps this order.
 */
export function pickerOrder(candidates: string[], active: string[]): string[] {
  const known = new Set(candidates);
  const first = active.filter((a) => known.has(a));
  const rest = candidates.filter((c) => !first.includes(c)).sort();
  return [...first, ...rest];
}

/**
 * Runs a refresh so that at most one is in flight: a request while one
 * runs marks the result stale, and one more run follows when it ends, so
 * the last state wins without a queue of runs.
 */
export class Coalescer {
  private running = false;
  private again = false;
  private stopped = false;

  constructor(private readonly run: () => Promise<void>) {}

  /** Asks for a refresh; returns once no run is due. */
  async request(): Promise<void> {
    if (this.stopped) {
      return;
    }
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        try {
          await this.run();
        } catch {
          // The run reports its own failures; the next request tries again.
        }
      } while (this.again && !this.stopped);
    } finally {
      this.running = false;
    }
  }

  /** Whether a run is in flight. */
  busy(): boolean {
    return this.running;
  }

  /** No more runs start. */
  stop(): void {
    this.stopped = true;
  }
}
