/**
 * What every onboarding step shares before and while it saves (docs/product.md#onboarding): the
 * business profile it starts from (what was saved before, so coming back to a step shows it),
 * Next held back until that has loaded and while a save is on its way, and one save at a time.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { BusinessProfile } from '@slotwise/shared/api';
import { useRef, useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton, type SkeletonShape } from '../../../components/skeleton.tsx';
import { businessProfile } from '../../../lib/business.ts';
import { useSharedResource } from '../../../lib/resource.ts';
import { readToken } from '../../../lib/session.ts';

export interface StepStart {
  /** The saved profile; undefined while it loads, or when there is no session. */
  profile: BusinessProfile | undefined;
  /** The step may be filled in and sent. */
  ready: boolean;
  /** Why the profile could not be loaded, or null. */
  error: string | null;
  retry: () => void;
}

/**
 * The profile a step starts from. Without a session nothing is loaded (a load would end at the
 * log-in page); the step is ready at once and Next says the user is not authenticated.
 */
export function useStepStart(): StepStart {
  useSignals();
  const signedIn = readToken() !== null;
  const resource = useSharedResource(businessProfile, { load: signedIn });
  const profile = signedIn ? resource.data.value : undefined;
  return {
    profile,
    ready: !signedIn || profile !== undefined,
    error: signedIn && profile === undefined ? resource.error.value : null,
    retry: () => void resource.refresh(),
  };
}

/**
 * A save that runs once at a time: a second click or Enter while one is on its way does nothing,
 * even one that comes before React has re-rendered the button as disabled.
 */
export function useSaveOnce() {
  const running = useRef(false);
  const [saving, setSaving] = useState(false);
  async function run(save: () => Promise<void>): Promise<void> {
    if (running.current) return;
    running.current = true;
    setSaving(true);
    try {
      await save();
    } finally {
      running.current = false;
      setSaving(false);
    }
  }
  return { saving, run };
}

/** Next keeps its name; held back it is disabled, and said to be (aria-disabled) while the step loads or saves. */
export function NextButton({ enabled, busy }: { enabled: boolean; busy: boolean }) {
  return (
    <div className="onboarding-actions">
      <button type="submit" className="btn btn--primary" disabled={!enabled || busy} aria-disabled={busy || undefined}>
        Next
      </button>
    </div>
  );
}

/** A step until its profile has loaded: its fields as a skeleton and Next held back, or why loading failed. */
export function StepLoading({ start, shape, rows }: { start: StepStart; shape: SkeletonShape; rows: number }) {
  return (
    <form onSubmit={(e) => e.preventDefault()} aria-busy={!start.error}>
      {start.error ? (
        <>
          <Notice kind="error">{start.error}</Notice>
          <button type="button" className="btn" onClick={start.retry}>
            Try again
          </button>
        </>
      ) : (
        <Skeleton shape={shape} rows={rows} />
      )}
      <NextButton enabled={false} busy={!start.error} />
    </form>
  );
}
