/**
 * Expanding owners' calendars off the server's event loop (issue 39; docs/decisions/031). An owner
 * can connect a harmless file and change it afterwards; ical.js's recurrence iterator searched for
 * ever, inside one call, for an occurrence of a rule that had none, and the server stopped
 * answering every business (and again after each restart, when the stored calendar came due).
 * calendars/rule-can-occur.ts refuses the rules known to do that; this is the second line, for
 * what it cannot foresee: each expansion runs in a worker thread (calendars/expand-worker.mjs)
 * with a wall-clock limit (the worker is terminated when it passes) and a heap limit (V8 stops
 * the worker when it passes). Either failure is the calendar's alone: the worker is replaced, and
 * the caller (domain/connected-calendars.ts) stops reading that calendar until its owner acts.
 *
 * A worker takes about 300-500 ms to start (it loads ical.js and expand.ts), so a small pool is
 * kept and reused; an idle worker never keeps the process alive (unref'd between expansions),
 * and close() ends them (app.ts, on close).
 */
import { Worker } from 'node:worker_threads';
import { type ExpandWindow, type Expansion, NotICalendar } from './expand.ts';

/** Why an expansion was stopped: the time limit, the memory limit, or the worker died otherwise. */
export type SandboxFailureKind = 'timeout' | 'out-of-memory' | 'crashed';

export class ExpansionStopped extends Error {
  constructor(readonly kind: SandboxFailureKind) {
    super(`calendar expansion stopped: ${kind}`);
  }
}

export interface SandboxLimits {
  /** How long one expansion may run in its worker (from when the worker takes it). */
  timeoutMs: number;
  /** The worker's heap (V8's old generation), in MB. */
  maxHeapMb: number;
  /** Workers kept (expansions run side by side); more wait their turn. */
  workers: number;
}

interface Job {
  /** Whose calendar (the business): one of each runs at a time. */
  owner: string;
  source: string;
  window: ExpandWindow;
  resolve: (e: Expansion) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker | null;
  ready: boolean;
  job: Job | null;
  /** Why the current job's worker is going away (set before it exits). */
  stopping: SandboxFailureKind | null;
  timer: NodeJS.Timeout | null;
}

type Answer =
  | { ready: true }
  | { ok: true; events: Expansion['events']; neverOccurring: number }
  | { ok: false; notICalendar: boolean; message: string };

const ENTRY = new URL('./expand-worker.mjs', import.meta.url);

export interface ExpansionSandbox {
  /**
   * The calendar's busy events; rejects with NotICalendar, or ExpansionStopped when a limit was
   * passed. `owner` (the business) runs one expansion at a time: one business's calendars, each
   * run to the limit, take at most one worker, and the others' go by them.
   */
  expand(source: string, window: ExpandWindow, owner: string): Promise<Expansion>;
  /** Ends the workers; expansions waiting or running reject (ExpansionStopped 'crashed'). */
  close(): Promise<void>;
}

export function expansionSandbox(limits: SandboxLimits): ExpansionSandbox {
  const slots: Slot[] = Array.from({ length: Math.max(1, limits.workers) }, () => ({
    worker: null,
    ready: false,
    job: null,
    stopping: null,
    timer: null,
  }));
  const queue: Job[] = [];
  let closed = false;

  function finish(slot: Slot): Job | null {
    const job = slot.job;
    slot.job = null;
    // Idle, it must not keep the process alive (a server closing, a script ending).
    slot.worker?.unref();
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    return job;
  }

  function spawn(slot: Slot): void {
    const worker = new Worker(ENTRY, {
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxHeapMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(limits.maxHeapMb / 8))),
        stackSizeMb: 4,
      },
      // The worker's own output is the server's log's business, not a stranger's file's.
      stdout: false,
      stderr: false,
    });
    slot.worker = worker;
    slot.ready = false;
    slot.stopping = null;
    worker.on('message', (answer: Answer) => {
      if ('ready' in answer) {
        slot.ready = true;
        dispatch();
        if (!slot.job) worker.unref();
        return;
      }
      const job = finish(slot);
      if (!job) return;
      if (answer.ok) job.resolve({ events: answer.events, neverOccurring: answer.neverOccurring });
      else job.reject(answer.notICalendar ? new NotICalendar(answer.message) : new Error(answer.message));
      dispatch();
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') slot.stopping ??= 'out-of-memory';
    });
    worker.on('exit', () => {
      if (slot.worker !== worker) return;
      const started = slot.ready;
      slot.worker = null;
      slot.ready = false;
      const job = finish(slot);
      job?.reject(new ExpansionStopped(slot.stopping ?? 'crashed'));
      slot.stopping = null;
      // A worker that could not even start (its files missing): the waiting expansions fail now
      // rather than start worker after worker; the next expansion tries again.
      if (!started) for (const waiting of queue.splice(0)) waiting.reject(new ExpansionStopped('crashed'));
      dispatch();
    });
    // Listening for its messages refs the worker again: whether it keeps the process alive is
    // set after (busy while it starts for a waiting expansion; unref'd by finish once idle).
    worker.ref();
  }

  function dispatch(): void {
    if (closed) return;
    for (const slot of slots) {
      if (slot.job) continue;
      const running = new Set(slots.map((other) => other.job?.owner));
      const next = queue.findIndex((waiting) => !running.has(waiting.owner));
      if (next < 0) return;
      if (!slot.worker) {
        // One worker started per owner waiting, no more: each takes the first worker ready.
        const waiting = new Set(queue.filter((job) => !running.has(job.owner)).map((job) => job.owner)).size;
        const starting = slots.filter((other) => other.worker && !other.ready).length;
        if (starting < waiting) spawn(slot);
        continue;
      }
      if (!slot.ready) continue;
      const job = queue.splice(next, 1)[0]!;
      slot.job = job;
      const worker = slot.worker!;
      // The clock starts when the worker takes the job: waiting for a worker is not the calendar's doing.
      slot.timer = setTimeout(() => {
        slot.stopping = 'timeout';
        void worker.terminate();
      }, limits.timeoutMs);
      slot.timer.unref();
      worker.ref();
      worker.postMessage({ source: job.source, window: job.window });
    }
  }

  return {
    expand(source, window, owner) {
      if (closed) return Promise.reject(new ExpansionStopped('crashed'));
      return new Promise<Expansion>((resolve, reject) => {
        queue.push({ owner, source, window, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new ExpansionStopped('crashed'));
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          slot.worker = null;
          finish(slot)?.reject(new ExpansionStopped('crashed'));
          if (worker) await worker.terminate();
        }),
      );
    },
  };
}
