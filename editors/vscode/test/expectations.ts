// Loads testdata/editors/expectations.json (the one place every editor test
// takes its expected values from) and checks its positions against the
// template text, so an edited template cannot silently shift the probes.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

export interface Position {
  line: number;
  character: number;
  text?: string;
}

export interface Expectations {
  template: string;
  diagnostics: { line: number; code?: string; severity?: number; message_contains?: string }[];
  hover: { position: Position; contains: string };
  definition: { position: Position; target: Position };
  completion: { position: Position; labels: string[] };
}

/** testdata/editors, found from out/test/ or test/ inside editors/vscode. */
export const fixtureDir = path.resolve(__dirname, '..', '..', '..', '..', 'testdata', 'editors');

export function loadExpectations(): { exp: Expectations; templatePath: string; text: string } {
  const exp = JSON.parse(readFileSync(path.join(fixtureDir, 'expectations.json'), 'utf8')) as Expectations;
  const templatePath = path.join(fixtureDir, exp.template);
  const text = readFileSync(templatePath, 'utf8');
  const lines = text.split('\n');
  const check = (what: string, p: Position) => {
    if (p.text === undefined) {
      return;
    }
    const got = (lines[p.line] ?? '').slice(p.character, p.character + p.text.length);
    if (got !== p.text) {
      throw new Error(
        `expectations.json: ${what} position ${p.line}:${p.character} should hold ${JSON.stringify(p.text)} but the template has ${JSON.stringify(got)}; update testdata/editors/expectations.json`,
      );
    }
  };
  check('hover', exp.hover.position);
  check('definition', exp.definition.position);
  check('definition target', exp.definition.target);
  check('completion', exp.completion.position);
  return { exp, templatePath, text };
}

/** Whether an LSP diagnostic satisfies an expectation. */
export function diagnosticMatches(
  d: { range: { start: { line: number } }; code?: string | number; severity?: number; message: string },
  want: Expectations['diagnostics'][number],
): boolean {
  return (
    d.range.start.line === want.line &&
    (want.code === undefined || String(d.code) === want.code) &&
    (want.severity === undefined || d.severity === want.severity) &&
    (want.message_contains === undefined || d.message.toLowerCase().includes(want.message_contains.toLowerCase()))
  );
}

/** The text of a hover's contents in any of the shapes LSP allows. */
export function hoverText(contents: unknown): string {
  if (typeof contents === 'string') {
    return contents;
  }
  if (Array.isArray(contents)) {
    return contents.map(hoverText).join('\n');
  }
  if (contents && typeof contents === 'object' && 'value' in contents) {
    return String((contents as { value: unknown }).value);
  }
  return '';
}
