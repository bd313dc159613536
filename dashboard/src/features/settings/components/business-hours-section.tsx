import { useSignals } from '@preact/signals-react/runtime';
import { type FormEvent, useEffect, useState } from 'react';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import { type Flash, useFlash } from '../../../lib/use-flash.ts';
import { type DayRow, firstBadDay, rowsFrom, toEntry } from '../hours.ts';
import { WeekHoursFields } from './week-hours-fields.tsx';

const HOURS_SAVED = 'Business hours updated successfully!';
const HOURS_SAVE_FAILED = 'Failed to update business hours. Please try again.';
const HOURS_LOAD_FAILED = 'Failed to load business hours.';

function HoursForm({ initial, flash }: { initial: DayRow[]; flash: (f: Flash) => void }) {
  const [rows, setRows] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [pendingDay, setPendingDay] = useState<string | null>(null);

  function update(day: string, change: Partial<DayRow>) {
    setRows((rs) => rs.map((r) => (r.day === day ? { ...r, ...change } : r)));
  }

  /** Turning a day off sends null times; on, the times shown. Saved at once (docs/product.md#business-hours). */
  async function toggle(row: DayRow) {
    const enabled = !row.enabled;
    update(row.day, { enabled });
    setPendingDay(row.day);
    try {
      await client.dashboard.updateSingleDay({ body: toEntry(row, enabled) });
      flash({ kind: 'success', text: `Business hours updated for ${row.day}!` });
    } catch (err) {
      update(row.day, { enabled: row.enabled });
      flash({ kind: 'error', text: HOURS_SAVE_FAILED, detail: serverDetail(err) });
    } finally {
      setPendingDay(null);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const bad = firstBadDay(rows);
    if (bad) {
      flash({ kind: 'error', text: `End time must be after start time on ${bad}.` });
      return;
    }
    setSaving(true);
    try {
      const saved = await client.dashboard.updateHours({ body: { businessHours: rows.map((r) => toEntry(r)) } });
      // Keep the times shown on days that are off; take everything else from the server.
      const fromServer = rowsFrom(saved);
      setRows((rs) =>
        fromServer.map((s, i) =>
          s.enabled ? s : { ...s, startTime: rs[i]?.startTime ?? s.startTime, endTime: rs[i]?.endTime ?? s.endTime },
        ),
      );
      flash({ kind: 'success', text: HOURS_SAVED });
    } catch (err) {
      flash({ kind: 'error', text: HOURS_SAVE_FAILED, detail: serverDetail(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save}>
      <WeekHoursFields
        rows={rows}
        legend="Weekly hours"
        onChange={update}
        onToggle={(r) => void toggle(r)}
        pendingDay={pendingDay}
      />
      <div className="row section-actions">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save Hours'}
        </button>
      </div>
    </form>
  );
}

export function BusinessHoursSection() {
  useSignals();
  const hours = useResource(
    () => client.dashboard.availability(),
    () => HOURS_LOAD_FAILED,
  );
  const flash = useFlash();
  const loadError = hours.error.value;
  const { show } = flash;
  useEffect(() => {
    if (loadError) show({ kind: 'error', text: loadError });
  }, [loadError, show]);

  const data = hours.data.value;
  return (
    <section id="business-hours" className="card section" aria-labelledby="hours-heading">
      <h2 id="hours-heading">Business Hours</h2>
      <p className="section-intro">When customers can book you. Switching a day on or off is saved at once.</p>
      <FlashMessage message={flash.message} />
      {data ? (
        <HoursForm initial={rowsFrom(data)} flash={show} />
      ) : loadError ? (
        <button type="button" className="btn" onClick={() => void hours.refresh()}>
          Try again
        </button>
      ) : (
        <Skeleton shape="list" rows={7} />
      )}
    </section>
  );
}
