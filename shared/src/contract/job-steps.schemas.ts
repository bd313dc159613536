/**
 * The contract of job steps, a service's checklist (issue 44 item 5; docs/decisions/050): the
 * owner's steps per service, and a job's steps with who ticked each and when (calls:
 * job-steps.calls.ts). Not the owner's first-day onboarding checklist (onboarding.schemas.ts).
 */

import { z } from 'zod';
import { Id, IsoDateTime, trimmed } from './fields.schemas.ts';

/** The most steps a service has: one phone screen of ticks, not a manual. */
export const STEPS_MAX = 30;
/** The longest step: a short line the crew reads at a glance. */
export const STEP_MAX_CHARS = 120;

/** A service's steps as the owner set them, in order, and whether its receipts show the ticked ones. */
export const ServiceSteps = z.object({
  steps: z.array(z.string()),
  showOnReceipt: z.boolean(),
  /** The steps the business's trade template suggests (Settings offers "Use the ... steps"); empty: none. */
  templateSteps: z.array(z.string()),
});
export type ServiceSteps = z.infer<typeof ServiceSteps>;

export const ServiceStepsUpdate = z.object({
  steps: z
    .array(trimmed(STEP_MAX_CHARS, 'Step'))
    .max(STEPS_MAX, `At most ${STEPS_MAX} steps.`)
    .refine((s) => new Set(s.map((t) => t.toLowerCase())).size === s.length, {
      message: 'Two steps have the same words; give each step different words.',
    }),
  showOnReceipt: z.boolean({ error: 'Show on receipt must be true or false.' }).default(false),
});
export type ServiceStepsUpdate = z.input<typeof ServiceStepsUpdate>;

/** One step of a job: its words, and who ticked it and when (null: not ticked). */
export const JobStep = z.object({
  step: z.number().int(),
  text: z.string(),
  doneAt: IsoDateTime.nullable(),
  /** The crew's name, or "Owner". */
  doneBy: z.string().nullable(),
});
export type JobStep = z.infer<typeof JobStep>;

/**
 * A job's steps. Before the first tick they are the service's steps as they are now; from the
 * first tick, the job's own copy, which later edits of the service leave alone.
 */
export const JobSteps = z.object({ steps: z.array(JobStep) });
export type JobSteps = z.infer<typeof JobSteps>;

export const JobStepParams = z.object({
  id: Id,
  step: z.coerce
    .number({ error: 'The step must be a number: its place in the list, from 0.' })
    .int('The step must be a whole number.')
    .min(0, 'The step must be 0 or more.')
    .max(STEPS_MAX - 1, `The step must be below ${STEPS_MAX}.`),
});
export const JobStepTick = z.object({ done: z.boolean({ error: 'Done must be true or false.' }) });
export type JobStepTick = z.infer<typeof JobStepTick>;
