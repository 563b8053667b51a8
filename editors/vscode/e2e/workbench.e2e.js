// Drives VS Code's workbench (served by code-server) in headless Chromium
// with playwright-core and checks what a user of the heat-ls extension sees
// on testdata/editors/vscode-e2e/stack.yaml, as expect.json beside it says:
//
//   diagnostic  the undeclared parameter is a squiggle and a Problems row
//               carrying heat-ls's source and rule id
//   hover       hovering get_param shows heat-ls's hover
//   quickfix    Ctrl+. on the squiggle offers "Declare parameter ...";
//               choosing it changes the text (checked in the editor and,
//               after saving, in the file) and the problem goes away
//   completion  typing "{ get_" lists intrinsic functions the file does not
//               contain (so they are heat-ls's, not VS Code's word list)
//   graph       "Heat: Show Resource Graph" opens the webview, whose page
//               (Graphviz's WebAssembly under the view's content policy)
//               draws one SVG node per resource; clicking one puts the
//               cursor on that resource in the editor (at its line after
//               the quick fix's declaration); renaming the resource there
//               redraws the view with the new name
//   graphfit    row.yaml (five resources in a row, wider than the panel at
//               natural size) opened with the view shown: the view draws
//               it, and every node lies inside the visible panel, left to
//               right and, after the toolbar's "Top to bottom", top to
//               bottom
//   preview     web.yaml (testdata/editors/preview): the status bar says
//               "Heat env: 0"; clicking it offers the workspace's
//               environment files, ticking env/dev.yaml writes the
//               template's entry of heat-ls.environments (.vscode/
//               settings.json) and the item says "Heat env: 1"; "Heat: Open
//               Stack Preview" opens "web (preview).yaml" beside the
//               template showing the flavor env/dev.yaml sets; typing a new
//               image in the template changes the preview
//   previewhover hovering the parameter get_param reads shows its
//               effective value and the file that set it
//   previewlens the condition want_volume carries a "false" code lens
//   previewgrey the volume resource, which that false condition leaves out,
//               is faded as unnecessary code
//
// CHECKS (comma-separated) picks checks; each prints "ok: ..." or
// "FAIL: name: detail" for run.sh. Every wait is bounded (STEP_MS); a
// screenshot of each step goes to SHOTS.
//
// Env: CS_URL, WS_DIR (workspace holding the fixture), EXPECT (expect.json),
// SHOTS, CHROMIUM, CHECKS, STEP_MS.
'use strict';
const { chromium } = require('playwright-core');
const fs = require('node:fs');
const path = require('node:path');

const env = process.env;
const expect = JSON.parse(fs.readFileSync(env.EXPECT, 'utf8'));
const checks = (env.CHECKS || 'diagnostic,hover,quickfix,completion,graph,graphfit,preview,previewhover,previewlens,previewgrey').split(',');
const STEP_MS = Number(env.STEP_MS || 30000);
const t0 = Date.now();
const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);
let failed = 0;
let step = 0;

async function shot(page, name) {
  step++;
  const file = path.join(env.SHOTS, `${String(step).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file }).catch((e) => log(`screenshot ${file}: ${e.message}`));
}

const oneLine = (s) => s.replace(/\s+/g, ' ').trim();

// Client rectangle of `word` on the first rendered editor line containing
// `lineText`, found through the DOM Monaco renders (its spans change with
// tokenization, so the text is located across them). nth picks a later
// occurrence of the word on that line (0: the first).
async function wordRect(page, lineText, word, nth = 0) {
  return page.evaluate(
    ({ lineText, word, nth }) => {
      const norm = (s) => s.replace(/\u00a0/g, ' ');
      const line = [...document.querySelectorAll('.monaco-editor .view-lines .view-line')].find((l) =>
        norm(l.textContent).includes(lineText),
      );
      if (!line) return null;
      const nodes = [];
      let text = '';
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        nodes.push({ n, at: text.length });
        text += norm(n.textContent);
      }
      let at = text.indexOf(word);
      for (let i = 0; i < nth && at >= 0; i++) at = text.indexOf(word, at + 1);
      if (at < 0) return null;
      const locate = (off) => {
        const e = nodes.filter((x) => x.at <= off).pop();
        return [e.n, off - e.at];
      };
      const range = document.createRange();
      range.setStart(...locate(at));
      range.setEnd(...locate(at + word.length - 1));
      const r = range.getBoundingClientRect();
      return { x: r.left, y: r.top, w: r.width, h: r.height };
    },
    { lineText, word, nth },
  );
}

// Puts the caret inside `word` on the line holding `lineText`.
async function clickWord(page, lineText, word) {
  const r = await wordRect(page, lineText, word);
  if (!r) throw new Error(`"${word}" on the line "${lineText}" is not in the rendered editor`);
  await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2);
  return r;
}

async function editorText(page) {
  const lines = await page.locator('.monaco-editor .view-lines .view-line').allInnerTexts();
  return lines.map((l) => l.replace(/\u00a0/g, ' ')).join('\n');
}

async function problemsText(page) {
  return oneLine(await page.locator('.markers-panel').innerText().catch(() => ''));
}

// Runs a command by its title from the command palette.
async function runCommand(page, title) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
}

// Opens a workspace file with Go to File and waits for its tab.
async function openFile(page, file) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(file);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: file }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.tab.active', { hasText: file }).first().waitFor();
}

// The rendered lines of the editor group whose active tab is `title`.
async function groupText(page, title) {
  return page.evaluate((title) => {
    for (const g of document.querySelectorAll('.editor-group-container')) {
      const tab = g.querySelector('.tab.active');
      if (tab && (tab.textContent || '').includes(title)) {
        return [...g.querySelectorAll('.monaco-editor .view-lines .view-line')].map((l) => l.textContent.replace(/\u00a0/g, ' ')).join('\n');
      }
    }
    return null;
  }, title);
}

// Waits until the group showing `title` holds every text of `want`.
async function waitGroupText(page, title, want, what) {
  const deadline = Date.now() + STEP_MS;
  let text = null;
  while (Date.now() < deadline) {
    text = await groupText(page, title);
    if (text !== null && want.every((w) => text.includes(w))) return text;
    await page.waitForTimeout(250);
  }
  throw new Error(`${what}: the editor "${title}" ${text === null ? 'is not shown' : `lacks "${want.filter((w) => !text.includes(w)).join('", "')}": ${oneLine(text).slice(0, 400)}`}`);
}

const run = {
  async diagnostic(page) {
    const d = expect.diagnostic;
    await page.waitForSelector('.monaco-editor .squiggly-error');
    await page.keyboard.press('Control+Shift+M'); // View: Problems
    // Poll rather than read the panel once: the problems can vanish for a
    // moment (one run saw the row, then an empty panel, then the row),
    // e.g. when the extension moves the file from yaml to heat, VS Code
    // closes and reopens the document, which clears them until heat-ls
    // publishes again.
    const deadline = Date.now() + STEP_MS;
    let text = '';
    let missing = d.texts;
    while (Date.now() < deadline) {
      text = await problemsText(page);
      missing = d.texts.filter((want) => !text.includes(want));
      if (!missing.length) break;
      await page.waitForTimeout(250);
    }
    if (missing.length) throw new Error(`the Problems panel lacks "${missing.join('", "')}": ${text.slice(0, 300)}`);
    return `Problems panel: ${text.slice(0, 160)}`;
  },

  async hover(page) {
    const h = expect.hover;
    const r = await wordRect(page, h.line, h.word);
    if (!r) throw new Error(`${h.word} is not in the rendered editor`);
    // The reference counts above the entries first (their lines stay
    // empty until resolved), so that the screenshot shows them.
    await page
      .waitForFunction(() => [...document.querySelectorAll('.codelens-decoration')].some((e) => /reference/.test(e.textContent || '')), null, { timeout: 8000 })
      .catch(() => {});
    const box = page.locator('.monaco-hover:not(.hidden) .monaco-hover-content');
    let text = '';
    // The hover opens on mouse movement over the word; move in from outside,
    // again if the first move came before the server answered. On a busy
    // machine the mouse hover's delay can lapse unseen, so every other try
    // puts the cursor on the word and asks for the hover from the keyboard
    // (Ctrl+K Ctrl+I), which shows the same provider's answer.
    const deadline = Date.now() + STEP_MS;
    for (let i = 0; Date.now() < deadline && !text.includes(h.text); i++) {
      if (i % 2 === 0) {
        await page.mouse.move(r.x - 60, r.y - 60);
        await page.mouse.move(r.x + r.w / 2, r.y + r.h / 2, { steps: 6 });
      } else {
        await clickWord(page, h.line, h.word);
        await page.keyboard.press('Control+K');
        await page.keyboard.press('Control+I');
      }
      await box.first().waitFor({ timeout: 8000 }).catch(() => {});
      await page.waitForTimeout(400);
      text = oneLine((await box.allInnerTexts().catch(() => [])).join(' '));
    }
    if (!text.includes(h.text)) throw new Error(`the hover lacks "${h.text}": "${text.slice(0, 300)}"`);
    await shot(page, 'hover-shown');
    await page.mouse.move(5, 5);
    return `hover: ${text.slice(0, 120)}`;
  },

  async quickfix(page) {
    const q = expect.quickFix;
    const d = expect.diagnostic;
    await page.keyboard.press('Escape');
    await clickWord(page, d.line, d.word);
    await page.keyboard.press('Control+.'); // Quick Fix...
    const item = page.locator('.action-widget .monaco-list-row', { hasText: q.title }).first();
    await item.waitFor();
    const offered = oneLine((await page.locator('.action-widget').innerText()).slice(0, 300));
    await shot(page, 'quickfix-menu');
    // Choose it with the keyboard, as a user of Ctrl+. does (a mouse click
    // races the menu's fade-in): move the focus to it, then Enter.
    const focused = page.locator('.action-widget .monaco-list-row.focused');
    for (let i = 0; i < 10 && !((await focused.getAttribute('aria-label').catch(() => '')) || '').includes(q.title); i++) {
      await page.keyboard.press('ArrowDown');
    }
    const chosen = (await focused.getAttribute('aria-label').catch(() => '')) || '';
    if (!chosen.includes(q.title)) throw new Error(`could not focus "${q.title}" in the Quick Fix menu: ${offered}`);
    await page.keyboard.press('Enter');
    const declared = q.fileAfter.split('\n').filter((l) => l.trim() !== '');
    await page.waitForFunction(
      (want) => {
        const lines = [...document.querySelectorAll('.monaco-editor .view-lines .view-line')].map((l) =>
          l.textContent.replace(/\u00a0/g, ' '),
        );
        return want.every((w) => lines.includes(w));
      },
      declared,
      { timeout: STEP_MS },
    );
    // The problem it fixed leaves the Problems panel.
    await page.waitForFunction(
      (word) => !(document.querySelector('.markers-panel')?.textContent || '').includes(word),
      d.word,
      { timeout: STEP_MS },
    );
    await page.keyboard.press('Control+S');
    const file = path.join(env.WS_DIR, expect.file);
    const deadline = Date.now() + STEP_MS;
    let saved = '';
    while (Date.now() < deadline && !(saved = fs.readFileSync(file, 'utf8')).includes(q.fileAfter)) {
      await page.waitForTimeout(200);
    }
    if (!saved.includes(q.fileAfter)) {
      throw new Error(`after the fix and a save, ${expect.file} lacks ${JSON.stringify(q.fileAfter)}:\n${saved}`);
    }
    return `offered "${offered.slice(0, 100)}"; applied, saved file declares the parameter, problem gone`;
  },

  async completion(page) {
    const c = expect.completion;
    await page.keyboard.press('Escape');
    await clickWord(page, c.line, c.line.split(' ').pop());
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home'); // selects the line's text, not its indent
    await page.keyboard.type(c.type, { delay: 50 });
    const widget = page.locator('.editor-widget.suggest-widget.visible');
    const auto = await widget.waitFor({ timeout: 5000 }).then(
      () => true,
      () => false,
    );
    if (!auto) await page.keyboard.press('Control+Space'); // Trigger Suggest
    await widget.waitFor();
    await page.waitForFunction(
      (labels) => {
        const text = document.querySelector('.suggest-widget.visible')?.textContent || '';
        return labels.every((l) => text.includes(l));
      },
      c.labels,
      { timeout: STEP_MS },
    ).catch(() => {});
    const labels = await widget.locator('.monaco-list-row .label-name').allInnerTexts();
    const missing = c.labels.filter((l) => !labels.includes(l));
    if (missing.length) throw new Error(`the completion list lacks ${missing.join(', ')}: [${labels.join(', ')}]`);
    return `completion (${auto ? 'while typing' : 'on Ctrl+Space'}): ${labels.join(', ')}`;
  },

  async graph(page) {
    const g = expect.graph;
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1'); // Show All Commands
    const input = page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(`>${g.command}`);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: g.command }).first().waitFor();
    await page.keyboard.press('Enter');
    // The view's page lies in two nested frames of the workbench.
    const view = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    const nodes = view.locator('#graph svg g.node');
    await nodes.first().waitFor({ timeout: STEP_MS }).catch(async () => {
      const text = await view.locator('#graph').innerText({ timeout: 2000 }).catch(() => '(no graph element)');
      throw new Error(`the graph view drew no SVG node: ${oneLine(text).slice(0, 300)}`);
    });
    const titles = (await nodes.locator('title').allTextContents()).map((t) => t.trim());
    if (JSON.stringify([...titles].sort()) !== JSON.stringify([...g.nodes].sort())) {
      throw new Error(`the graph's SVG nodes are [${titles.join(', ')}], want [${g.nodes.join(', ')}]`);
    }
    await shot(page, 'graph-view');
    await nodes.nth(titles.indexOf(g.click)).click();
    await page.locator('.statusbar-item', { hasText: g.selection }).first().waitFor({ timeout: STEP_MS }).catch(async () => {
      const bar = oneLine(await page.locator('.statusbar').innerText().catch(() => ''));
      throw new Error(`clicking ${g.click} did not move the cursor to ${g.selection}: status bar "${bar.slice(0, 200)}"`);
    });
    // The view follows the text: the resource renamed at the cursor.
    await page.keyboard.press('Control+Shift+ArrowRight');
    await page.keyboard.type(g.rename, { delay: 50 });
    await view.locator('#graph svg g.node title', { hasText: new RegExp(`^${g.rename}$`) }).waitFor({ state: 'attached', timeout: STEP_MS }).catch(async () => {
      const now = (await view.locator('#graph svg g.node title').allTextContents().catch(() => [])).join(', ');
      throw new Error(`after renaming ${g.click} to ${g.rename} in the editor, the view shows [${now}]`);
    });
    await shot(page, 'graph-renamed');
    return `graph view: SVG nodes [${titles.join(', ')}]; clicking ${g.click} put the cursor at ${g.selection}; renaming it to ${g.rename} redrew the view`;
  },

  async graphfit(page) {
    const f = expect.graphFit;
    const g = expect.graph;
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+P'); // Go to File
    const input = page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(f.file);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: f.file }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.tab.active', { hasText: f.file }).first().waitFor();
    // The view follows the active template; the command shows it if it was closed.
    await page.keyboard.press('F1');
    await input.waitFor();
    await input.fill(`>${g.command}`);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: g.command }).first().waitFor();
    await page.keyboard.press('Enter');
    const frame = page.locator('iframe.webview.ready').last();
    const view = page.frameLocator('iframe.webview.ready').last().frameLocator('#active-frame');
    const nodes = view.locator('#graph svg g.node');
    const want = JSON.stringify([...f.nodes].sort());
    const deadline = Date.now() + STEP_MS;
    let titles = [];
    while (Date.now() < deadline) {
      titles = (await nodes.locator('title').allTextContents().catch(() => [])).map((t) => t.trim());
      if (JSON.stringify([...titles].sort()) === want) break;
      await page.waitForTimeout(250);
    }
    if (JSON.stringify([...titles].sort()) !== want) {
      throw new Error(`the graph view of ${f.file} shows [${titles.join(', ')}], want [${f.nodes.join(', ')}]`);
    }
    // Every node's box on screen lies inside the panel's and the view's;
    // returns the drawing's extent.
    const fitted = async (how) => {
      const panel = await frame.boundingBox();
      const viewport = await view.locator('#viewport').boundingBox();
      if (!panel || !viewport) throw new Error('the graph view\'s panel has no box on screen');
      const out = [];
      const ext = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity };
      for (let i = 0; i < titles.length; i++) {
        const b = await nodes.nth(i).boundingBox();
        if (!b) {
          out.push(`${titles[i]} (not rendered)`);
          continue;
        }
        ext.minX = Math.min(ext.minX, b.x);
        ext.maxX = Math.max(ext.maxX, b.x + b.width);
        ext.minY = Math.min(ext.minY, b.y);
        ext.maxY = Math.max(ext.maxY, b.y + b.height);
        const inside = (r) => b.x >= r.x - 0.5 && b.y >= r.y - 0.5 && b.x + b.width <= r.x + r.width + 0.5 && b.y + b.height <= r.y + r.height + 0.5;
        if (!inside(panel) || !inside(viewport)) {
          out.push(`${titles[i]} at ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x${Math.round(b.height)}`);
        }
      }
      const where = `panel ${Math.round(panel.x)},${Math.round(panel.y)} ${Math.round(panel.width)}x${Math.round(panel.height)}`;
      if (out.length) throw new Error(`${how}: nodes outside the visible ${where}: ${out.join('; ')}`);
      return { where, width: ext.maxX - ext.minX, height: ext.maxY - ext.minY };
    };
    // The fit follows the drawing at once; let a frame pass.
    await page.waitForTimeout(300);
    const lr = await fitted('left to right');
    await shot(page, 'graph-fit');
    // Top to bottom, from the view's toolbar: redrawn and fitted again.
    await view.locator('#direction').click();
    let tb;
    const until = Date.now() + STEP_MS;
    while (Date.now() < until) {
      await page.waitForTimeout(300);
      tb = await fitted('top to bottom').catch(() => undefined);
      if (tb && tb.height > tb.width) break;
    }
    tb = await fitted('top to bottom');
    if (!(tb.height > tb.width)) throw new Error(`after "Top to bottom" the drawing is ${Math.round(tb.width)}x${Math.round(tb.height)}, still wider than tall`);
    await shot(page, 'graph-fit-top-to-bottom');
    return `graph view of ${f.file}: all ${titles.length} nodes inside the visible ${lr.where}, left to right (drawing ${Math.round(lr.width)}x${Math.round(lr.height)} px) and top to bottom (${Math.round(tb.width)}x${Math.round(tb.height)} px)`;
  },

  async preview(page) {
    const p = expect.preview;
    await runCommand(page, 'View: Close All Editor Groups');
    // The editors get the whole height: the preview's lines are in view.
    if (await page.locator('.part.panel').isVisible().catch(() => false)) {
      await page.keyboard.press('Control+J'); // View: Toggle Panel Visibility
      await page.locator('.part.panel').waitFor({ state: 'hidden' }).catch(() => {});
    }
    await openFile(page, p.file);
    const item = page.locator('.statusbar-item', { hasText: 'Heat env:' }).first();
    await page.locator('.statusbar-item', { hasText: 'Heat env: 0' }).first().waitFor().catch(async () => {
      throw new Error(`no "Heat env: 0" in the status bar: "${oneLine(await page.locator('.statusbar').innerText().catch(() => '')).slice(0, 300)}"`);
    });
    // The picker: the workspace's environment files, one ticked.
    await item.click();
    const rows = page.locator('.quick-input-list .monaco-list-row');
    await rows.first().waitFor();
    const offered = (await rows.allInnerTexts()).map(oneLine);
    for (const want of p.offered) {
      if (!offered.some((o) => o.includes(want))) throw new Error(`the picker offers [${offered.join('; ')}], not ${want}`);
    }
    const row = rows.filter({ hasText: p.pick }).first();
    const box = row.locator('input[type=checkbox], .quick-input-list-checkbox, .monaco-custom-toggle').first();
    if (await box.count()) await box.click();
    else await row.click();
    await shot(page, 'preview-picker');
    await page.keyboard.press('Enter');
    await page.locator('.statusbar-item', { hasText: 'Heat env: 1' }).first().waitFor().catch(async () => {
      throw new Error(`after ticking ${p.pick} the status bar says "${oneLine(await page.locator('.statusbar').innerText().catch(() => '')).slice(0, 300)}"`);
    });
    const settingsFile = path.join(env.WS_DIR, '.vscode', 'settings.json');
    const settings = fs.existsSync(settingsFile) ? fs.readFileSync(settingsFile, 'utf8') : '';
    if (!settings.includes(`"${p.file}"`) || !settings.includes(p.pick)) {
      throw new Error(`the workspace settings lack the template's entry: ${oneLine(settings).slice(0, 300)}`);
    }
    // The preview beside the template, with the value the environment sets.
    await runCommand(page, 'Heat: Open Stack Preview');
    await page.locator('.tab', { hasText: p.previewTab }).first().waitFor();
    await waitGroupText(page, p.previewTab, p.shows, 'the preview');
    await shot(page, 'preview-opened');
    // Typing in the template changes the preview.
    await clickWord(page, p.edit.line, p.edit.word);
    await page.keyboard.press('Control+D'); // selects the word under the cursor
    await page.keyboard.type(p.edit.type, { delay: 50 });
    await waitGroupText(page, p.previewTab, p.edit.shows, 'after typing in the template');
    // The picture docs/images/preview.png comes from: the side bar closed
    // for room, then opened again.
    await page.mouse.move(5, 5);
    await page.keyboard.press('Control+B');
    await page.waitForTimeout(500);
    await shot(page, 'preview');
    await page.keyboard.press('Control+B');
    return `status bar "Heat env: 0" → picked ${p.pick} → "Heat env: 1", settings.json holds the entry; ${p.previewTab} shows ${p.shows.join(', ')}; after typing, ${p.edit.shows.join(', ')}`;
  },

  async previewhover(page) {
    const h = expect.preview.hover;
    const r = await wordRect(page, h.line, h.word, h.nth || 0);
    if (!r) throw new Error(`${h.word} is not in the rendered editor`);
    const box = page.locator('.monaco-hover:not(.hidden) .monaco-hover-content');
    let text = '';
    const deadline = Date.now() + STEP_MS;
    for (let i = 0; Date.now() < deadline && !h.texts.every((t) => text.includes(t)); i++) {
      if (i % 2 === 0) {
        await page.mouse.move(r.x - 60, r.y - 60);
        await page.mouse.move(r.x + r.w / 2, r.y + r.h / 2, { steps: 6 });
      } else {
        await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2);
        await page.keyboard.press('Control+K');
        await page.keyboard.press('Control+I');
      }
      await box.first().waitFor({ timeout: 8000 }).catch(() => {});
      await page.waitForTimeout(400);
      text = oneLine((await box.allInnerTexts().catch(() => [])).join(' '));
    }
    if (!h.texts.every((t) => text.includes(t))) throw new Error(`the hover lacks "${h.texts.join('", "')}": "${text.slice(0, 300)}"`);
    await shot(page, 'preview-hover');
    await page.keyboard.press('Escape');
    await page.mouse.move(5, 5);
    return `hover: ${text.slice(0, 160)}`;
  },

  async previewlens(page) {
    const l = expect.preview.lens;
    const lens = page.locator('.codelens-decoration', { hasText: l.text });
    await lens.first().waitFor({ timeout: STEP_MS }).catch(async () => {
      const all = await page.locator('.codelens-decoration').allInnerTexts().catch(() => []);
      throw new Error(`no code lens "${l.text}": [${all.map(oneLine).join('; ').slice(0, 300)}]`);
    });
    return `code lens: ${oneLine(await lens.first().innerText())}`;
  },

  async previewgrey(page) {
    const g = expect.preview.grey;
    const faded = page.locator('.view-lines .squiggly-inline-unnecessary', { hasText: g.text });
    await faded.first().waitFor({ timeout: STEP_MS }).catch(async () => {
      const all = await page.locator('.view-lines .squiggly-inline-unnecessary').allInnerTexts().catch(() => []);
      throw new Error(`"${g.text}" is not drawn as unnecessary code: [${all.map(oneLine).join('; ').slice(0, 300)}]`);
    });
    const opacity = Number(await faded.first().evaluate((e) => getComputedStyle(e).opacity));
    if (!(opacity < 1)) throw new Error(`"${g.text}" carries the unnecessary-code class but is not faded (opacity ${opacity})`);
    await shot(page, 'preview-grey');
    return `"${g.text}" faded as unnecessary (opacity ${opacity})`;
  },
};

(async () => {
  fs.mkdirSync(env.SHOTS, { recursive: true });
  const browser = await chromium.launch({
    executablePath: env.CHROMIUM || '/usr/bin/chromium',
    // Root in a container: no sandbox; no /dev/shm size or GPU assumed.
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
    timeout: STEP_MS,
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.setDefaultTimeout(STEP_MS);
  try {
    await page.goto(`${env.CS_URL}/?folder=${encodeURIComponent(env.WS_DIR)}`, { waitUntil: 'domcontentloaded' });
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: expect.file }).click({ timeout: 90000 });
    await page.waitForSelector('.monaco-editor .view-lines .view-line');
    // The extension moves a HOT template to its own language on activation.
    await page.locator('.statusbar-item', { hasText: expect.language }).waitFor();
    log(`ok: ${expect.file} opens as ${expect.language}`);
    await shot(page, 'opened');
    for (const name of checks) {
      try {
        const detail = await run[name](page);
        console.log(`ok: ${name}: ${detail}`);
      } catch (e) {
        failed++;
        console.log(`FAIL: ${name}: ${oneLine(e.message).slice(0, 600)}`);
      }
      await shot(page, name);
    }
  } catch (e) {
    failed++;
    console.log(`FAIL: workbench: ${oneLine(e.message).slice(0, 600)}`);
    await shot(page, 'workbench');
  } finally {
    // Toasts say why a server did not start ("heat-ls failed to start", "crashed 5 times").
    const toasts = await page.locator('.notification-toast .notification-list-item-message').allInnerTexts().catch(() => []);
    for (const t of toasts) log(`notification: ${oneLine(t).slice(0, 300)}`);
    await browser.close();
  }
  process.exit(failed ? 1 : 0);
})().catch((e) => {
  console.log(`FAIL: browser: ${oneLine(String(e && e.message ? e.message : e)).slice(0, 600)}`);
  process.exit(1);
});
