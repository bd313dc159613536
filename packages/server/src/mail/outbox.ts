/**
 * Mail and texts as a transactional outbox (docs/architecture.md#the-booking-path, docs/architecture.md#adding-a-mail,
 * docs/decisions/027): a message is a row
 * written in the same transaction as the change that caused it, and sent after
 * commit by the dispatcher. A failing mail server therefore never loses or blocks
 * a booking: the row stays, is retried with backoff, and the failure is logged.
 * Rows are claimed with a conditional update, so several instances never send one twice.
 * A text is a row of the same table (channel 'text') going through the same claim to the text
 * transport (texts/transport.ts): one dispatcher with a lane per channel, so a slow or failing
 * SMS provider only holds its own rows back, never mail. A text refused for good (an opted-out
 * number, one Twilio rejects) is marked failed instead of retried; so is any message past its
 * expiry or its last attempt (mail/delivery.ts, docs/decisions/032): a reminder never goes out
 * after its visit has started, and a dead relay shows as failures the owner can send again.
 * A push notification is a row too (channel 'push', docs/decisions/052), its own lane: to_address
 * is the device's subscription, read at sending; a push service's 404/410 deletes the device and
 * gives the push up; a device turned off meanwhile gives it up unsent.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { writesOpen } from '../db/transaction.ts';
import { topicOf } from '../domain/push.ts';
import { maskUrl } from '../logging.ts';
import { PushGone, PushRefused, type PushTransport } from '../push/transport.ts';
import { mailOutboxRepository } from '../repositories/mail-outbox.ts';
import { pushRepository } from '../repositories/push.ts';
import { givesUp, type TextTransport } from '../texts/transport.ts';
import { TwilioUnavailable } from '../texts/twilio.ts';
import { afterFailure, expiredReason } from './delivery.ts';
import type { MailTransport } from './transport.ts';

const CLAIM_MS = 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;
const BATCH = 50;
/** Bookings arrive in bursts; waiting a moment lets one claim and one "sent" statement cover many mails. */
const GATHER_MS = 20;
/**
 * Requests come first. Sending is most of the CPU a booking costs (building each MIME
 * message, claiming and marking rows), and during a burst of bookings it would take
 * that CPU from customers waiting for their answer, while nobody notices a mail that
 * arrives seconds later. So before each batch the dispatcher watches the event loop for
 * LOOK_MS and, if it was busier than BUSY or a calendar write of this process is queued or
 * open (db/transaction.ts writesOpen), waits, but never once the batch's oldest mail has been
 * due for MAX_DEFER_MS: under load that never lets up, mail still goes out, just that much
 * later, and the backlog cannot grow without bound.
 * The writes count as busy on their own for PostgreSQL: a burst of bookings for one business
 * leaves the loop about 70% busy (the lock holder waits on its round trips), so the loop test
 * alone let mail go out mid-burst, and each batch's MIME building held the lock holder's
 * answers back by 20-40 ms (statement log, docs/decisions/028): 90 -> 200 bookings/s when it waits.
 */
const LOOK_MS = 25;
const BUSY = 0.9;
/** After a quiet look, batches go out back to back for this long before the next look. */
const QUIET_FOR_MS = 500;
export const MAX_DEFER_MS = 10_000;

const CHANNELS = ['mail', 'text', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];

type OutboxRow = Awaited<ReturnType<ReturnType<typeof mailOutboxRepository>['claim']>>[number];

/** A phone number in a log line: its last four digits, enough to tell texts apart. */
const lastDigits = (phone: string) => `...${phone.slice(-4)}`;

export class MailDispatcher {
  private readonly outbox: ReturnType<typeof mailOutboxRepository>;
  private timer: NodeJS.Timeout | undefined;
  private pending: NodeJS.Timeout | undefined;
  /**
   * One lane per channel over the same table and claim: a slow or failing SMS provider holds up
   * only the text lane, never the next batch of mail (docs/decisions/027).
   */
  private readonly lanes: Record<Channel, { running: Promise<void> | undefined; again: boolean }> = {
    mail: { running: undefined, again: false },
    text: { running: undefined, again: false },
    push: { running: undefined, again: false },
  };
  private stopping = false;
  /** flush() sends everything due at once, busy or not. */
  private urgent = 0;
  /** performance.now() until which the loop counts as quiet without another look. */
  private quietUntil = 0;

  constructor(
    private readonly store: Db,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
    private readonly intervalMs = 5_000,
    private readonly texts?: TextTransport,
    /** Told of each message given up (the failures counter of /metrics, metrics.ts). */
    private readonly onFailed: (channel: Channel) => void = () => {},
    private readonly pushes?: PushTransport,
  ) {
    this.outbox = mailOutboxRepository(store.db);
  }

  start(): void {
    this.timer ??= setInterval(() => this.run(), this.intervalMs);
    this.timer.unref();
    this.run();
  }

  /** Finishes the batch in hand and stops; what is still queued waits in the outbox for the next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    if (this.pending) clearTimeout(this.pending);
    this.timer = undefined;
    this.pending = undefined;
    await Promise.all(CHANNELS.map((c) => this.lanes[c].running));
  }

  /** Send what is due soon (called after a commit that queued mail). Never throws. */
  kick(): void {
    this.pending ??= setTimeout(() => {
      this.pending = undefined;
      this.run();
    }, GATHER_MS);
  }

  /** Resolves when everything due has been tried (tests use it). */
  async flush(): Promise<void> {
    this.urgent++;
    try {
      this.run();
      for (;;) {
        const running = CHANNELS.map((c) => this.lanes[c].running).filter((r) => r !== undefined);
        if (running.length === 0) break;
        await Promise.all(running);
      }
    } finally {
      this.urgent--;
    }
  }

  /** Waits while requests keep the event loop busy or calendar writes are open, up to MAX_DEFER_MS after `dueAt`. */
  private async whileBusy(dueAt: number): Promise<void> {
    while (!this.stopping && this.urgent === 0 && this.now() - dueAt < MAX_DEFER_MS) {
      if (performance.now() < this.quietUntil && !writesOpen(this.store)) return;
      const before = performance.eventLoopUtilization();
      await sleep(LOOK_MS);
      if (performance.eventLoopUtilization(before).utilization < BUSY && !writesOpen(this.store)) {
        this.quietUntil = performance.now() + QUIET_FOR_MS;
        return;
      }
    }
  }

  private run(): void {
    for (const channel of CHANNELS) this.runLane(channel);
  }

  private runLane(channel: Channel): void {
    if (this.stopping) return;
    const lane = this.lanes[channel];
    if (lane.running) {
      lane.again = true;
      return;
    }
    lane.running = this.drain(channel)
      .catch((err) => this.log.error({ err }, `${channel} dispatcher failed`))
      .finally(() => {
        lane.running = undefined;
        if (lane.again) {
          lane.again = false;
          this.runLane(channel);
        }
      });
  }

  private async sendPush(row: OutboxRow): Promise<string> {
    if (!this.pushes) throw new Error('push notifications are not configured');
    const device = await pushRepository(this.store.db).byId(row.to_address);
    if (!device) throw new PushGone('the device turned notifications off');
    // How long the push service may keep it for a phone that is off: until the notice is stale.
    const ttlSeconds = Math.max(60, Math.floor(((row.expires_at ?? this.now() + 3600_000) - this.now()) / 1000));
    return this.pushes.send(device, row.text_body, {
      topic: topicOf(row.event_key ?? row.id),
      ttlSeconds,
      urgency: row.subject === 'late' || row.subject === 'request' ? 'high' : 'normal',
    });
  }

  private send(row: OutboxRow): Promise<string> {
    if (row.channel === 'push') return this.sendPush(row);
    if (row.channel === 'text') {
      if (!this.texts || !row.business_id) return Promise.reject(new Error('texts are not configured'));
      return this.texts.send({
        businessId: row.business_id,
        to: row.to_address,
        body: row.text_body,
        // A retry, or one sent again by the owner: an earlier try may have gone through.
        ...(row.attempts > 0 || row.resent_at !== null ? { retryOf: row.created_at } : {}),
      });
    }
    return this.transport.send({
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      calendar: row.calendar_body ?? undefined,
    });
  }

  private async drain(channel: Channel): Promise<void> {
    while (!this.stopping) {
      const now = this.now();
      const due = await this.outbox.due(now, BATCH, channel);
      if (due.length === 0) return;
      await this.whileBusy(Math.min(...due.map((d) => d.next_attempt_at)));
      if (this.stopping) return;
      const claimed = await this.outbox.claim(
        due.map((d) => d.id),
        now,
        now + CLAIM_MS,
      );
      // Past its expiry a message is not worth sending (a reminder once its visit has started): given up unsent.
      const live: OutboxRow[] = [];
      for (const row of claimed) {
        if (row.expires_at === null || row.expires_at > now) live.push(row);
        else await this.fail(row, expiredReason(row.kind, row.last_error), 'expired');
      }
      const results = await Promise.allSettled(live.map((row) => this.send(row)));
      const sent: string[] = [];
      for (const [i, result] of results.entries()) {
        const row = live[i]!;
        const text = row.channel === 'text';
        const who = this.who(row);
        if (result.status === 'fulfilled') {
          sent.push(row.id);
          const links = (row.text_body.match(/https?:\/\/\S+/g) ?? []).map(maskUrl);
          if (row.channel === 'push') this.log.info({ ...who, where: result.value }, 'push sent');
          else if (text) this.log.info({ ...who, where: result.value, links }, 'text sent');
          else this.log.info({ ...who, subject: row.subject, where: result.value, links }, 'mail sent');
          continue;
        }
        const reason = (result.reason instanceof Error ? result.reason.message : String(result.reason)).slice(0, 400);
        const attempts = row.attempts + 1;
        if (row.channel === 'push' && result.reason instanceof PushGone) {
          await pushRepository(this.store.db).remove(row.to_address);
          await this.fail(row, reason, 'device gone', attempts);
          continue;
        }
        if ((text && givesUp(result.reason)) || result.reason instanceof PushRefused) {
          await this.fail(row, reason, 'given up', attempts);
          continue;
        }
        const asked = result.reason instanceof TwilioUnavailable ? (result.reason.retryAfterMs ?? 0) : 0;
        const backoff = Math.max(asked, Math.min(MAX_BACKOFF_MS, 10_000 * 2 ** (attempts - 1)));
        const next = afterFailure(row, attempts, reason, this.now(), backoff);
        if ('giveUp' in next) {
          await this.fail(row, next.giveUp, 'given up', attempts);
          continue;
        }
        await this.outbox.retryLater(row.id, attempts, next.retryAt, reason);
        this.log.warn({ err: reason, ...who, attempts }, `${row.channel} not sent; will retry`);
      }
      if (sent.length > 0) await this.outbox.markSent(sent, this.now());
    }
  }

  private who(row: OutboxRow) {
    if (row.channel === 'push') return { pushTo: row.to_address, kind: row.subject };
    return row.channel === 'text'
      ? { textTo: lastDigits(row.to_address), kind: row.subject }
      : { mailTo: row.to_address };
  }

  /** Gives a claimed message up for good (failed_at, its reason kept for the owner), counted for /metrics. */
  private async fail(row: OutboxRow, reason: string, how: string, attempts = row.attempts): Promise<void> {
    await this.outbox.giveUp(row.id, this.now(), reason.slice(0, 500), attempts);
    this.onFailed(row.channel);
    this.log.warn(
      { err: reason, ...this.who(row), kind: row.kind, bookingId: row.booking_id, attempts },
      `${row.channel} not sent; ${how}`,
    );
  }
}
