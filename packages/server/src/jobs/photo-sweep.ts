/**
 * The photo sweep (docs/decisions/053), every few minutes on every instance: customers' photos no
 * booking claimed within the hour are deleted, and every object whose row is gone is deleted from
 * the photo store (those a store failure left behind, and uploads that died before their row).
 * Safe on several instances at once: deleting a deleted object succeeds, and a key leaves the queue
 * only once its object is gone.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { sweepPhotos } from '../domain/photos.ts';
import { runEvery } from './every.ts';

const INTERVAL_MS = 5 * 60 * 1000;

export function startPhotoSweep(app: FastifyInstance, ctx: AppContext, intervalMs = INTERVAL_MS): void {
  runEvery(app, ctx.metrics.job('photo-sweep'), intervalMs, () => sweepPhotos(ctx), {
    done: (objects) => ({ objects }),
    message: 'photo objects deleted',
    failed: 'photo sweep failed; will retry',
  });
}
