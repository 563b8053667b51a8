// Headless Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: commands on the child's fd 3, events and
// answers on fd 4, NUL-separated JSON): enough to open a page, run script
// in it and wait for a promise, in real time (the --dump-dom tests run on
// virtual time, which cannot measure how long a drawing takes).
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable, Writable } from 'node:stream';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Linux's clock ticks per second (USER_HZ), in which /proc reports CPU time. */
const CLOCK_TICKS = 100;

/** The Chromium on PATH, if any. */
export function findChromium(): string | undefined {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined;
    } catch {
      // not this one
    }
  }
  return undefined;
}

export class Chromium {
  private readonly proc: ChildProcess;
  private readonly out: Writable;
  private readonly profile: string;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: Json) => void; reject: (e: Error) => void }>();
  private buffer = '';
  private session = '';

  constructor(executable: string, width: number, height: number) {
    this.profile = mkdtempSync(path.join(os.tmpdir(), 'heat-chromium-'));
    this.proc = spawn(
      executable,
      ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--remote-debugging-pipe', `--user-data-dir=${this.profile}`, `--window-size=${width},${height}`, 'about:blank'],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    this.out = this.proc.stdio[3] as Writable;
    const input = this.proc.stdio[4] as Readable;
    input.setEncoding('utf8');
    input.on('data', (chunk: string) => this.onData(chunk));
    this.proc.on('exit', () => {
      for (const p of this.pending.values()) {
        p.reject(new Error('Chromium exited'));
      }
      this.pending.clear();
    });
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let at: number;
    while ((at = this.buffer.indexOf('\0')) >= 0) {
      const msg = JSON.parse(this.buffer.slice(0, at));
      this.buffer = this.buffer.slice(at + 1);
      const p = msg.id !== undefined ? this.pending.get(msg.id) : undefined;
      if (p) {
        this.pending.delete(msg.id);
        if (msg.error) {
          p.reject(new Error(`${msg.error.message} ${msg.error.data ?? ''}`));
        } else {
          p.resolve(msg.result);
        }
      }
    }
  }

  /** Sends a DevTools command (to the page, once one is open). */
  send(method: string, params: Json = {}, toBrowser = false): Promise<Json> {
    const id = this.nextId++;
    const msg: Json = { id, method, params };
    if (this.session && !toBrowser) {
      msg.sessionId = this.session;
    }
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.out.write(JSON.stringify(msg) + '\0');
    });
  }

  /** Opens url in a page of width × height CSS pixels and waits for its load event. */
  async open(url: string, width: number, height: number): Promise<void> {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' }, true);
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true }, true);
    this.session = sessionId;
    await this.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
    await this.send('Page.enable');
    await this.send('Page.navigate', { url });
    await this.evaluate(`new Promise((r) => document.readyState === 'complete' ? r() : addEventListener('load', () => r()))`);
  }

  /** Resizes the page. */
  resize(width: number, height: number): Promise<Json> {
    return this.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
  }

  /** The value of expression in the page, awaited when a promise. */
  async evaluate(expression: string): Promise<Json> {
    const r = await this.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails) {
      throw new Error(`in the page: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
    }
    return r.result.value;
  }

  /** A key pressed and released, as the user types it. */
  async key(key: string, code: string, keyCode: number): Promise<void> {
    const text = key.length === 1 ? key : undefined;
    await this.send('Input.dispatchKeyEvent', { type: text ? 'keyDown' : 'rawKeyDown', key, code, windowsVirtualKeyCode: keyCode, text });
    await this.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code, windowsVirtualKeyCode: keyCode });
  }

  /** A mouse wheel notch (deltaY 100 down, -100 up) at (x, y). */
  wheel(x: number, y: number, deltaY: number): Promise<Json> {
    return this.send('Input.dispatchMouseEvent', { type: 'mouseWheel', x, y, deltaX: 0, deltaY });
  }

  /** A drag with the left button from (x0, y0) to (x1, y1). */
  async drag(x0: number, y0: number, x1: number, y1: number): Promise<void> {
    await this.send('Input.dispatchMouseEvent', { type: 'mousePressed', x: x0, y: y0, button: 'left', buttons: 1, clickCount: 1 });
    for (let i = 1; i <= 5; i++) {
      await this.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: x0 + ((x1 - x0) * i) / 5, y: y0 + ((y1 - y0) * i) / 5, button: 'left', buttons: 1 });
    }
    await this.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: x1, y: y1, button: 'left', buttons: 0, clickCount: 1 });
  }

  /** A PNG of the page. */
  async screenshot(): Promise<Buffer> {
    const { data } = await this.send('Page.captureScreenshot', { format: 'png' });
    return Buffer.from(data, 'base64');
  }

  /**
   * The CPU time (ms) Chromium's processes have used so far, all of them
   * (browser, renderer, GPU, helpers: this process's descendants), read
   * from /proc; undefined where there is none. On a machine whose cores
   * other work shares, the wall time of a drawing measures that work too;
   * the CPU time measures what the drawing cost.
   */
  cpuMs(): number | undefined {
    let entries: string[];
    try {
      entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
    } catch {
      return undefined;
    }
    const parent = new Map<number, number>();
    const ticks = new Map<number, number>();
    for (const e of entries) {
      try {
        const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
        // After the command name in parentheses: state, ppid, ... utime (14th field), stime (15th).
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        parent.set(Number(e), Number(f[1]));
        ticks.set(Number(e), Number(f[11]) + Number(f[12]));
      } catch {
        // gone meanwhile
      }
    }
    const root = this.proc.pid;
    const under = (pid: number) => {
      for (let p = pid, n = 0; p > 1 && n < 64; p = parent.get(p) ?? 0, n++) {
        if (p === root) {
          return true;
        }
      }
      return false;
    };
    let total = 0;
    for (const [pid, t] of ticks) {
      if (under(pid)) {
        total += t;
      }
    }
    return (total * 1000) / CLOCK_TICKS;
  }

  /**
   * Ends Chromium and removes its profile. Browser.close lets Chromium end
   * its helper processes itself, which a SIGKILL of the browser leaves
   * running and writing into the profile for a moment (the removal then
   * meets a directory that is not empty); the signal is the fallback when
   * it does not exit within five seconds.
   */
  async close(): Promise<void> {
    if (this.proc.exitCode === null && this.proc.signalCode === null) {
      const exited = new Promise((resolve) => this.proc.once('exit', resolve));
      this.send('Browser.close', {}, true).catch(() => undefined);
      const timer = setTimeout(() => this.proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.profile, { recursive: true, force: true, maxRetries: 50, retryDelay: 100 });
  }
}
