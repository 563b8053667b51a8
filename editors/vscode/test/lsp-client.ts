// A minimal LSP client over a child process's stdio, enough for the protocol
// test: Content-Length framing, requests with ids, notifications, answers to
// the server's own requests, and waiting for notifications with a deadline.
import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { resolveServer } from '../src/resolve';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Pending {
  resolve: (v: Json) => void;
  reject: (e: Error) => void;
}

export class LspClient {
  readonly proc: ChildProcessWithoutNullStreams;
  readonly notifications: { method: string; params: Json }[] = [];
  readonly serverRequests: { method: string; params: Json }[] = [];
  stderr = '';
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private waiters: (() => void)[] = [];
  private exited: { code: number | null; signal: string | null } | undefined;
  private readonly exitPromise: Promise<{ code: number | null; signal: string | null }>;

  /** Answers the server's requests (workspace/configuration and the like). */
  constructor(command: string, args: string[], private readonly answer: (method: string, params: Json) => Json) {
    this.proc = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    this.proc.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
    });
    // A write to a server that has exited fails with EPIPE; the exit and
    // the unanswered requests already say so, so the error is kept for
    // the message instead of ending the test process.
    this.proc.stdin.on('error', (err) => {
      this.stderr += `\n[client] writing to heat-ls failed: ${err.message}`;
    });
    this.exitPromise = new Promise((resolve) => {
      this.proc.on('exit', (code, signal) => {
        this.exited = { code, signal };
        for (const p of this.pending.values()) {
          p.reject(new Error(`heat-ls exited (code ${code}, signal ${signal}) before answering; stderr:\n${this.stderr}`));
        }
        this.pending.clear();
        this.wake();
        resolve(this.exited);
      });
    });
    this.proc.on('error', (err) => {
      for (const p of this.pending.values()) {
        p.reject(err);
      }
      this.pending.clear();
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) {
      f();
    }
  }

  private send(msg: Json): void {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...msg }), 'utf8');
    this.proc.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.proc.stdin.write(body);
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) {
        return;
      }
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const m = /Content-Length:\s*(\d+)/i.exec(header);
      if (!m) {
        throw new Error(`heat-ls wrote a frame without Content-Length: ${JSON.stringify(header)}`);
      }
      const length = Number(m[1]);
      if (this.buffer.length < headerEnd + 4 + length) {
        return;
      }
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.dispatch(JSON.parse(body));
    }
  }

  private dispatch(msg: Json): void {
    if (msg.method !== undefined && msg.id !== undefined) {
      this.serverRequests.push({ method: msg.method, params: msg.params });
      this.send({ id: msg.id, result: this.answer(msg.method, msg.params) ?? null });
    } else if (msg.method !== undefined) {
      this.notifications.push({ method: msg.method, params: msg.params });
    } else {
      const p = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      if (p && msg.error) {
        p.reject(new Error(`server answered with error ${msg.error.code}: ${msg.error.message}`));
      } else if (p) {
        p.resolve(msg.result);
      }
    }
    this.wake();
  }

  request(method: string, params: Json, timeoutMs = 10000): Promise<Json> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`no answer to ${method} within ${timeoutMs} ms; stderr:\n${this.stderr}`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.send({ id, method, params });
    });
  }

  notify(method: string, params: Json): void {
    this.send({ method, params });
  }

  /** Waits until `pred` holds for some received notification, or the deadline. */
  async waitForNotification(pred: (n: { method: string; params: Json }) => boolean, timeoutMs: number): Promise<{ method: string; params: Json } | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.notifications.find(pred);
      if (hit || this.exited || Date.now() >= deadline) {
        return hit;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for the process to end, killing it after the deadline. */
  async waitForExit(timeoutMs: number): Promise<{ code: number | null; signal: string | null; timedOut: boolean }> {
    const timer = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), timeoutMs).unref());
    const result = await Promise.race([this.exitPromise, timer]);
    if (result) {
      return { ...result, timedOut: false };
    }
    this.proc.kill('SIGKILL');
    const killed = await this.exitPromise;
    return { ...killed, timedOut: true };
  }
}

/** The heat-ls binary the tests run: $HEAT_LS_BIN (test.sh builds it), else the one the extension would find. */
export function serverBinary(): string {
  const fromEnv = process.env.HEAT_LS_BIN;
  if (fromEnv) {
    return fromEnv;
  }
  const r = resolveServer({
    env: process.env,
    platform: process.platform,
    isExecutable: (f) => {
      try {
        accessSync(f, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
  });
  if (!r.ok) {
    throw new Error(`the protocol and graph tests need the heat-ls binary: set HEAT_LS_BIN or put heat-ls on PATH (editors/vscode/test.sh builds it). ${r.message}`);
  }
  return r.command;
}
