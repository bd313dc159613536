/** Starts a server as a child process (so the load generator does not share its event loop) and waits for it. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = `${root}node_modules/.bin/tsx`;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface Running {
  url: string;
  stop(): Promise<void>;
}

export async function startProcess(script: string, env: Record<string, string>, readyPath: string): Promise<Running> {
  const port = await freePort();
  const child: ChildProcess = spawn(tsx, [script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited: ${stderr.slice(-2000)}`);
    try {
      if ((await fetch(url + readyPath)).status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not start in 30 s: ${stderr.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
