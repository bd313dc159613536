/**
 * The Plans tab of the Bookings page (issue 24, docs/decisions/022): the recurring plans customers
 * booked, newest first, each with its next visit on the owner's clock, its price per visit and its
 * state, and what the owner can do with it: Approve a plan still waiting (its pending visits and
 * the later ones are approved), Pause (its coming visits are released), Resume, and End, which
 * asks first since it cannot be taken back. Loaded on first use (app/router.tsx).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { PlanSummary } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../../components/modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { isNetworkError, serverDetail } from '../../../lib/errors.ts';
import { formatDay, formatTime } from '../../../lib/format.ts';
import { useResource } from '../../../lib/resource.ts';
import '../../../components/booking-card.css';
import { needsTimeText, noNextVisitText, PLAN_STATUS, pendingVisitsText } from '../plan-words.ts';

type Action = 'approve' | 'pause' | 'resume' | 'end';

const ACTION_FAILED: Record<Action, string> = {
  approve: 'Failed to approve plan',
  pause: 'Failed to pause plan',
  resume: 'Failed to resume plan',
  end: 'Failed to end plan',
};

const CALLS = {
  approve: client.dashboard.approvePlan,
  pause: client.dashboard.pausePlan,
  resume: client.dashboard.resumePlan,
  end: client.dashboard.endPlan,
} satisfies Record<Action, unknown>;

function done(action: Action, plan: PlanSummary): string {
  switch (action) {
    case 'approve':
      return `Plan approved. ${plan.customerName || 'The customer'} has been e-mailed.`;
    case 'pause':
      return 'Plan paused. Its coming visits were released.';
    case 'resume':
      return 'Plan resumed. Visits are booked again from today.';
    case 'end':
      return 'Plan ended. Its coming visits were cancelled.';
  }
}

type Failure = { text: string; detail: string | null };

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="booking-detail">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function EndPlanDialog({
  plan,
  onEnd,
  onClose,
}: {
  plan: PlanSummary;
  /** Resolves null when ended, else the failure to show (the dialog stays open). */
  onEnd: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  async function end() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    const problem = await onEnd();
    setBusy(false);
    if (problem) setFailure(problem);
    else onClose();
  }

  return (
    <Modal
      title="End this plan?"
      description={`${plan.serviceName} for ${plan.customerName}: ${plan.label}, at ${formatTime(plan.startTime)}.`}
      onClose={onClose}
    >
      <div className="stack">
        <p>Its coming visits are cancelled; past ones stay. An ended plan cannot be resumed.</p>
        {failure !== null && (
          <Notice kind="error" detail={serverDetail(failure)}>
            {ACTION_FAILED.end}
          </Notice>
        )}
        <div className="row decision-dialog-actions">
          <button type="button" className="btn" onClick={onClose} data-autofocus>
            Keep plan
          </button>
          <button type="button" className="btn btn--danger" disabled={busy} onClick={end}>
            {busy ? 'Ending...' : 'End plan'}
          </button>
        </div>
      </div>
    </Modal>
  );
}

function PlanCard({
  plan,
  onChange,
  onFailure,
}: {
  plan: PlanSummary;
  onChange: (plan: PlanSummary) => void;
  onFailure: (action: Action, err: unknown) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [ending, setEnding] = useState(false);
  const status = PLAN_STATUS[plan.status];
  const next = plan.nextVisit;
  const waiting = !plan.approved && plan.status === 'active';

  async function run(action: Action): Promise<unknown> {
    setBusy(true);
    try {
      const updated = await CALLS[action]({ params: { id: plan._id } });
      onChange(updated);
      showToast(done(action, updated));
      return null;
    } catch (err) {
      return err ?? new Error(ACTION_FAILED[action]);
    } finally {
      setBusy(false);
    }
  }

  async function act(action: Action) {
    const problem = await run(action);
    if (problem) onFailure(action, problem);
  }

  const button = (action: Exclude<Action, 'end'>, label: string, kind = '') => (
    <button
      type="button"
      className={`btn btn--small ${kind}`.trim()}
      aria-describedby={`${id}-name`}
      disabled={busy}
      onClick={() => act(action)}
    >
      {label}
    </button>
  );

  return (
    <article className="card booking-card plan-card" aria-label={`${plan.serviceName} for ${plan.customerName}`}>
      <header className="booking-card-head">
        <h3 id={`${id}-name`}>
          {plan.serviceName} <span className="visually-hidden">for {plan.customerName}</span>
        </h3>
        <span className={`sw-badge sw-badge--${status.color}`} data-color={status.color}>
          {status.label}
        </span>
      </header>
      <dl className="booking-details">
        <Detail label="Customer">{plan.customerName}</Detail>
        <Detail label="Repeats">
          <span aria-hidden="true">↻ </span>
          {plan.label} at {formatTime(plan.startTime)}
        </Detail>
        <Detail label="Next visit">
          {next
            ? `${formatDay(next.day)} at ${formatTime(next.startTime, next.startZone)}`
            : noNextVisitText(plan.status)}
        </Detail>
        <Detail label="Per visit">{formatUsd(plan.perVisit)}</Detail>
      </dl>
      {(waiting || plan.needsTime > 0) && (
        <ul className="plan-attention">
          {waiting && (
            <li>
              Not approved yet
              {plan.pendingVisits > 0 ? `: ${pendingVisitsText(plan.pendingVisits)}.` : '.'}
            </li>
          )}
          {plan.needsTime > 0 && (
            <li>
              <Link to="/dashboard/bookings?status=needs_time">{needsTimeText(plan.needsTime)}</Link>
            </li>
          )}
        </ul>
      )}
      {plan.status !== 'ended' && (
        <div className="booking-card-actions">
          {waiting && button('approve', 'Approve plan', 'btn--success')}
          {plan.status === 'active' && button('pause', 'Pause')}
          {plan.status === 'paused' && button('resume', 'Resume')}
          <button
            type="button"
            className="btn btn--danger btn--small"
            aria-describedby={`${id}-name`}
            disabled={busy}
            onClick={() => setEnding(true)}
          >
            End plan
          </button>
        </div>
      )}
      {ending && <EndPlanDialog plan={plan} onEnd={() => run('end')} onClose={() => setEnding(false)} />}
    </article>
  );
}

export function PlansView() {
  useSignals();
  const plans = useResource(
    async () => (await client.dashboard.plans()).plans,
    (err) => (isNetworkError(err) ? (err as Error).message : 'Failed to fetch plans'),
  );
  const [failure, setFailure] = useState<Failure | null>(null);

  function replace(updated: PlanSummary) {
    setFailure(null);
    plans.set((plans.data.peek() ?? []).map((p) => (p._id === updated._id ? updated : p)));
  }

  function refused(action: Action, err: unknown) {
    setFailure({ text: ACTION_FAILED[action], detail: serverDetail(err) });
    // Changed meanwhile (the customer cancelled it, say): show the server's truth.
    void plans.refresh();
  }

  const list = plans.data.value;
  const error = plans.error.value;
  return (
    <>
      {failure && (
        <Notice kind="error" detail={failure.detail}>
          {failure.text}
        </Notice>
      )}
      {error ? (
        <p className="notice notice--error" role="alert">{`Error: ${error}`}</p>
      ) : !list ? (
        <Skeleton shape="list" rows={3} />
      ) : list.length === 0 ? (
        <div className="card empty-state">
          <p>
            No plans yet. Customers can book a service as a plan once it offers one (
            <Link to="/dashboard/services">Services</Link>).
          </p>
        </div>
      ) : (
        <div className="booking-list">
          {list.map((p) => (
            <PlanCard key={p._id} plan={p} onChange={replace} onFailure={refused} />
          ))}
        </div>
      )}
    </>
  );
}
