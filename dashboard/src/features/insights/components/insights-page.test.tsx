import type { InsightsQuery } from '@slotwise/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { watchDownloads } from '../../../testing/downloads.ts';
import { deferred, fakeApi, type Handler, onboardedProfile, type Reply } from '../../../testing/fake-api.ts';
import { drawnCharts } from '../../../testing/fake-uplot.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { loadingSkeleton } from '../../../testing/skeleton.ts';
import { storeToken } from '../../../testing/tokens.ts';
import { funnelTable, missedTable, tableCsv } from '../chart-tables.ts';
import { driveFixture, emptyFunnel, funnelFixture, missedFixture, workFixture } from '../insights-fixtures.ts';

const FUNNEL = 'GET /api/business-dashboard/insights/funnel';
const WORK = 'GET /api/business-dashboard/insights/work';
const MISSED = 'GET /api/business-dashboard/insights/missed';
const DRIVE = 'GET /api/business-dashboard/insights/drive';

/** The period a call asked for. */
const asked = (req: { url: URL }): InsightsQuery => ({
  from: req.url.searchParams.get('from') ?? '',
  to: req.url.searchParams.get('to') ?? '',
});

/**
 * 05:00 UTC on December 1 is still November 30 in Los Angeles, the fake business's zone (and
 * already December 1 in Tokyo, where the tests run): the page's today is the business's.
 */
function atBusinessNovember30() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T05:00:00Z'));
}

function setup(path = '/dashboard/insights', over: Record<string, Handler | Reply> = {}) {
  atBusinessNovember30();
  storeToken();
  const api = fakeApi({
    [FUNNEL]: (req) => ({ body: funnelFixture(asked(req)) }),
    [WORK]: (req) => ({ body: workFixture(asked(req)) }),
    [MISSED]: (req) => ({ body: missedFixture(asked(req)) }),
    [DRIVE]: (req) => ({ body: driveFixture(asked(req)) }),
    ...over,
  });
  return { api, ...renderApp(path) };
}

const section = (name: string) => screen.getByRole('region', { name });
const chart = (name: string) => screen.getByRole('region', { name });

describe('Insights', () => {
  it("asks for the last 30 days by default, ending on the business's today, and keeps the choice in the address", async () => {
    const { api, user, location } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Insights' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await screen.findByText('Opened the booking form', { selector: '.insights-rank-label' });
    for (const route of [FUNNEL, WORK, MISSED])
      expect(api.callsTo(route).map(asked)).toEqual([{ from: '2026-11-01', to: '2026-11-30' }]);
    expect(screen.getByText('Nov 1 – Nov 30, 2026, in Pacific Time, Los Angeles.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    expect(location().search).toBe('?period=7d');
    await waitFor(() =>
      expect(api.callsTo(FUNNEL).map(asked)).toEqual([
        { from: '2026-11-01', to: '2026-11-30' },
        { from: '2026-11-24', to: '2026-11-30' },
      ]),
    );
    expect(api.callsTo(MISSED).at(-1)?.url.search).toBe('?from=2026-11-24&to=2026-11-30');
    expect(await screen.findByText('Nov 24 – Nov 30, 2026, in Pacific Time, Los Angeles.')).toBeInTheDocument();
    expect(localStorage.getItem('period')).toBeNull();
  });

  it('opens on the period the address names', async () => {
    const { api } = setup('/dashboard/insights?period=12m');
    expect(await screen.findByRole('radio', { name: 'Last 12 months' })).toBeChecked();
    await waitFor(() => expect(api.callsTo(WORK).map(asked)).toEqual([{ from: '2025-12-01', to: '2026-11-30' }]));
    expect(document.title).toBe('Insights - Slotwise');
  });

  it('shows each section as grey blocks while its call is on its way', async () => {
    const funnel = deferred<Reply>();
    setup('/dashboard/insights', { [FUNNEL]: () => funnel.promise });
    await screen.findByText('Money by week');
    loadingSkeleton(within(section('Booking funnel')));
    expect(screen.queryByText('Loading...', { ignore: '.visually-hidden' })).toBeNull();
    funnel.resolve({ body: funnelFixture() });
    expect(await within(section('Booking funnel')).findByText('38% dropped off')).toBeInTheDocument();
  });

  it('shows the funnel: each step, its count and the drop-off from the step before; the sources and the days', async () => {
    setup();
    const funnel = await screen.findByRole('region', { name: 'Booking funnel' });
    expect(
      await within(funnel).findByText('240 visits opened your booking form; 42 booked (18%).'),
    ).toBeInTheDocument();
    const steps = within(chart('Steps'));
    for (const [label, count] of [
      ['Opened the booking form', '240'],
      ['Got a quote', '150'],
      ['Chose a time', '70'],
      ['Booked', '42'],
    ])
      expect(steps.getByText(label, { selector: '.insights-rank-label' }).nextSibling).toHaveTextContent(count);
    expect(steps.getByText('38% dropped off')).toBeInTheDocument();
    expect(steps.getByText('53% dropped off')).toBeInTheDocument();
    expect(steps.getByText('40% dropped off')).toBeInTheDocument();
    const sources = within(chart('By source'));
    expect(sources.getByText('sparkleauto.com', { selector: '.insights-rank-label' })).toBeInTheDocument();
    expect(sources.getByText('19% booked')).toBeInTheDocument();
    expect(sources.getByText('160 opened · 100 got a quote · 48 chose a time · 30 booked')).toBeInTheDocument();
    // The day chart drew the period's days: opened and booked.
    const days = drawnCharts.find((c) => c.data[0]?.length === 30);
    expect(days?.data[1]?.slice(0, 3)).toEqual([4, 11, 9]);
  });

  it('reads the funnel to screen readers from its table, and shows the table on Show table', async () => {
    const { user } = setup();
    await screen.findByText('38% dropped off');
    const steps = within(chart('Steps'));
    // Always there for screen readers, out of sight until asked for.
    const table = steps.getByRole('table', { name: 'Booking funnel, Nov 1 – Nov 30, 2026' });
    expect(table.closest('.visually-hidden')).not.toBeNull();
    expect(steps.getByText('38% dropped off').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Step', 'Visits', 'Dropped off from the step before (%)']);
    expect(within(table).getByRole('rowheader', { name: 'Got a quote' }).parentElement).toHaveTextContent(
      'Got a quote15038%',
    );
    // Hidden for the eye, its frame is no Tab stop and no landmark.
    expect(steps.queryByRole('region', { name: 'Booking funnel, Nov 1 – Nov 30, 2026' })).toBeNull();
    expect(table.parentElement).not.toHaveAttribute('tabindex');
    await user.click(steps.getByRole('button', { name: 'Show table' }));
    expect(table.closest('.visually-hidden')).toBeNull();
    // Shown, the frame it scrolls sideways in is a named region the keyboard reaches.
    const frame = steps.getByRole('region', { name: 'Booking funnel, Nov 1 – Nov 30, 2026' });
    expect(frame).toContainElement(table);
    expect(frame).toHaveAttribute('tabindex', '0');
    await user.click(steps.getByRole('button', { name: 'Hide table' }));
    expect(table.closest('.visually-hidden')).not.toBeNull();
  });

  it("downloads each chart's rows as a CSV named for the chart and the period", async () => {
    const saved = watchDownloads();
    const { user } = setup();
    await screen.findByText('38% dropped off');
    await user.click(within(chart('Steps')).getByRole('button', { name: 'Download CSV' }));
    await user.click(within(chart('Where the requests came from')).getByRole('button', { name: 'Download CSV' }));
    await user.click(within(chart('Money by week')).getByRole('button', { name: 'Download CSV' }));
    expect(saved.map((f) => f.name)).toEqual([
      'insights-funnel-2026-11-01-to-2026-11-30.csv',
      'insights-missed-work-2026-11-01-to-2026-11-30.csv',
      'insights-money-by-week-2026-09-06-to-2027-01-02.csv',
    ]);
    const text = async (blob: Blob | undefined) => (await blob?.text())?.replace(/^\uFEFF/, '');
    expect(await text(saved[0]?.blob)).toBe(tableCsv(funnelTable(funnelFixture())));
    expect(await text(saved[1]?.blob)).toBe(tableCsv(missedTable(missedFixture())));
    expect(saved[0]?.blob.type).toBe('text/csv;charset=utf-8');

    // Every other download too: its file, its header and a row of the fixed answers, written out
    // here rather than through chart-tables.ts, so a chart handing over the wrong rows shows.
    const lines = async (title: string) => {
      await user.click(within(chart(title)).getByRole('button', { name: 'Download CSV' }));
      const file = saved.at(-1);
      return { name: file?.name, lines: (await text(file?.blob))?.split('\r\n') ?? [] };
    };
    const sources = await lines('By source');
    expect(sources.name).toBe('insights-sources-2026-11-01-to-2026-11-30.csv');
    expect(sources.lines[0]).toBe('Source,Opened the booking form,Got a quote,Chose a time,Booked,Booking rate (%)');
    expect(sources.lines).toContain('sparkleauto.com,160,100,48,30,19');
    const days = await lines('Opened and booked by day');
    expect(days.name).toBe('insights-days-2026-11-01-to-2026-11-30.csv');
    expect(days.lines.slice(0, 2)).toEqual(['Day,Opened the booking form,Booked', '2026-11-01,4,2']);
    const services = await lines('Bookings by service');
    expect(services.name).toBe('insights-services-2026-11-01-to-2026-11-30.csv');
    expect(services.lines.slice(0, 2)).toEqual(['Service,Bookings,Revenue ($)', 'Full Detail,18,3240']);
    const heat = await lines('Busiest days and hours');
    expect(heat.name).toBe('insights-busiest-hours-2026-11-01-to-2026-11-30.csv');
    expect(heat.lines[0]).toBe('Weekday,Hour,Bookings');
    expect(heat.lines).toContain('Saturday,9 AM,6');
    const full = await lines('Full days and times');
    expect(full.name).toBe('insights-full-days-2026-11-01-to-2026-11-30.csv');
    expect(full.lines.slice(0, 2)).toEqual(['Weekday,Part of day,Customers', 'Saturday,Morning,12']);
    expect(full.lines).toContain('Friday,Whole day,3');
  });

  it('offers the full days and times as a CSV only: the list is read as it is, no table beside it', async () => {
    setup();
    const full = within(await screen.findByRole('region', { name: 'Full days and times' }));
    expect(full.getByRole('list')).toHaveTextContent('12 customers wanted Saturday morning; you were full.');
    expect(full.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(full.queryByRole('button', { name: 'Show table' })).toBeNull();
    expect(full.queryByRole('table', { hidden: true })).toBeNull();
  });

  it('shows the money by week with this week and the weeks booked ahead, the services, the average quote and the heat grid', async () => {
    setup();
    const money = within(await screen.findByRole('region', { name: 'Money by week' }));
    // From today: this week's later days too, not only the 4 weeks after.
    expect(money.getByText('Booked ahead from today to Jan 2: $3,960.00 from 24 bookings.')).toBeInTheDocument();
    const weeks = money.getByRole('table', { name: 'Money by week, Sep 6, 2026 – Jan 2, 2027' });
    expect(within(weeks).getByRole('rowheader', { name: 'Sun, Nov 29, 2026' }).parentElement).toHaveTextContent(
      /\$1,485\.00.*This week$/,
    );
    expect(within(weeks).getAllByText('Booked ahead')).toHaveLength(4);
    const drawn = drawnCharts.find((c) => c.data[0]?.length === 17);
    expect(drawn?.data[1]?.[12]).toBe(1485);

    const services = within(chart('Bookings by service'));
    expect(services.getByText('Full Detail', { selector: '.insights-rank-label' })).toBeInTheDocument();
    expect(services.getByText('18 bookings')).toBeInTheDocument();
    expect(services.getByText('$3,240.00', { selector: '.insights-rank-detail' })).toBeInTheDocument();
    const quote = within(chart('Average quote'));
    expect(quote.getByText('$182.40')).toBeInTheDocument();
    expect(quote.getByText('From 150 quotes given in this period.')).toBeInTheDocument();

    const heat = within(chart('Busiest days and hours'));
    expect(heat.getByRole('img', { name: 'Saturday 9 AM: 6 bookings' })).toHaveTextContent('6');
    expect(heat.getByRole('img', { name: 'Monday 12 PM: no bookings' })).toHaveTextContent('');
    // 8 AM (the earliest booking) to 5 PM (the latest): 10 hours a day.
    expect(heat.getAllByRole('img', { name: /^Sunday / })).toHaveLength(10);
    // The cells speak for themselves: the table is there only once shown.
    expect(heat.queryByRole('table')).toBeNull();
  });

  it('shows the missed work: the map with its ZIP codes, the list beside it, the wider area and the full times', async () => {
    const { container } = setup();
    const missed = within(await screen.findByRole('region', { name: 'Missed work' }));
    expect(
      await missed.findByText('A 5 miles wider area would have reached 9 more requests worth $1,620.00.'),
    ).toBeInTheDocument();
    const map = missed.getByRole('img', { name: /^Map of 6 ZIP codes with missed requests around your business/ });
    const labels = [...map.querySelectorAll('text')].map((t) => t.textContent);
    for (const zip of ['78613', '78704', '78640', '78701', '78660', '78626']) expect(labels).toContain(zip);
    // Every quote in 78745 booked; 00501 has no known centre: neither is drawn.
    expect(labels).not.toContain('78745');
    expect(labels).not.toContain('00501');
    const list = within(missed.getByRole('list', { name: 'ZIP codes with missed requests, most first' }));
    expect(list.getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)).toEqual([
      '78613',
      '78704',
      '78640',
      '78660', // 5 missed, as 78701: by ZIP code
      '78701',
      '78626',
      '00501',
    ]);
    expect(list.getByText('9 refused by distance ($1,620.00)')).toBeInTheDocument();
    expect(list.getAllByText(/not on the map/)).toHaveLength(1);
    expect(missed.getByText('12 customers wanted Saturday morning; you were full.')).toBeInTheDocument();
    expect(missed.getByText('7 customers wanted Saturday afternoon; you were full.')).toBeInTheDocument();
    expect(missed.getByText('3 customers wanted a Friday; you were full.')).toBeInTheDocument();
    expect(container.querySelector('.insights-map circle[stroke-dasharray]')).not.toBeNull();
  });

  it('lists the ZIP codes without a map when the business has no place, and says when there is no service area', async () => {
    setup('/dashboard/insights', {
      [MISSED]: (req) => ({ body: { ...missedFixture(asked(req)), home: null, serviceAreaMiles: null, wider: null } }),
    });
    const missed = within(await screen.findByRole('region', { name: 'Missed work' }));
    expect(
      await missed.findByText('You have no service area, so no request was refused for distance.'),
    ).toBeInTheDocument();
    expect(missed.queryByRole('img', { name: /^Map of/ })).toBeNull();
    expect(missed.getByText(/could not be placed on a map, so the ZIP codes are listed only/)).toBeInTheDocument();
    expect(missed.getByRole('list', { name: /ZIP codes with missed requests/ })).toHaveTextContent('78613');
    expect(missed.queryByText(/not on the map/)).toBeNull();
  });

  it('says so in words when nothing was counted, booked, quoted or missed', async () => {
    setup('/dashboard/insights', {
      [FUNNEL]: (req) => ({ body: emptyFunnel(asked(req)) }),
      [WORK]: (req) => ({
        body: { ...workFixture(asked(req)), services: [], averageQuote: null, quotes: 0, heat: [] },
      }),
      [MISSED]: (req) => ({ body: { ...missedFixture(asked(req)), zips: [], full: [] } }),
    });
    expect(
      await screen.findByText(
        'No visits counted yet. Visits are counted from the booking button on your site and your booking page.',
      ),
    ).toBeInTheDocument();
    expect(within(section('Booking funnel')).queryByRole('button', { name: 'Show table' })).toBeNull();
    expect(await within(chart('Bookings by service')).findByText('No bookings in this period.')).toBeInTheDocument();
    expect(within(chart('Busiest days and hours')).getByText('No bookings in this period.')).toBeInTheDocument();
    expect(within(chart('Average quote')).getByText('No quotes in this period.')).toBeInTheDocument();
    const missed = within(section('Missed work'));
    expect(await missed.findByText('No refused or unbooked requests in this period.')).toBeInTheDocument();
    expect(missed.getByText('No customer found a day or a time full in this period.')).toBeInTheDocument();
  });

  it('fails one section on its own, with Try again', async () => {
    let fail = true;
    const { api, user } = setup('/dashboard/insights', {
      [WORK]: (req) =>
        fail ? { status: 500, body: { error: 'Boom', code: 'INTERNAL' } } : { body: workFixture(asked(req)) },
    });
    const work = within(await screen.findByRole('region', { name: 'Money and work' }));
    expect(await work.findByRole('alert')).toHaveTextContent('Failed to load your money and work figures.');
    // The other two sections are there as usual.
    expect(await screen.findByText('38% dropped off')).toBeInTheDocument();
    expect(screen.getByText(/A 5 miles wider area/)).toBeInTheDocument();
    fail = false;
    await user.click(work.getByRole('button', { name: 'Try again' }));
    expect(await work.findByText('$182.40')).toBeInTheDocument();
    expect(work.queryByRole('alert')).toBeNull();
    expect(api.callsTo(WORK)).toHaveLength(2);
  });

  it('says when the server cannot be reached', async () => {
    setup('/dashboard/insights', { [MISSED]: 'network' });
    const missed = within(await screen.findByRole('region', { name: 'Missed work' }));
    expect(await missed.findByRole('alert')).toHaveTextContent(
      'Could not reach the server. Check your connection and try again.',
    );
  });

  it("waits for the business's time zone before asking, and asks in it", async () => {
    atBusinessNovember30();
    storeToken();
    const profile = deferred<Reply>();
    const api = fakeApi({
      'GET /api/onboarding/profile': () => profile.promise,
      [FUNNEL]: (req) => ({ body: funnelFixture(asked(req)) }),
      [WORK]: (req) => ({ body: workFixture(asked(req)) }),
      [MISSED]: (req) => ({ body: missedFixture(asked(req)) }),
      [DRIVE]: (req) => ({ body: driveFixture(asked(req)) }),
    });
    renderApp('/dashboard/insights?period=7d');
    await screen.findByRole('heading', { level: 1, name: 'Insights' });
    expect(api.callsTo(FUNNEL)).toHaveLength(0);
    profile.resolve({ body: { ...onboardedProfile, timeZone: 'Asia/Tokyo' } });
    await waitFor(() => expect(api.callsTo(FUNNEL).map(asked)).toEqual([{ from: '2026-11-25', to: '2026-12-01' }]));
  });
  it('shows profit after the drive: per hour by ZIP code and service, the cost used, and the advice', async () => {
    const { api, user } = setup();
    const drive = within(await screen.findByRole('region', { name: 'Profit after the drive' }));
    expect(
      await drive.findByText(
        'Jobs beyond 4 mi earn $59/h against $91/h inside: a per-mile price of $2.68 would lift them to $75/h; an area of 4 mi would leave them out.',
      ),
    ).toBeInTheDocument();
    expect(
      drive.getByText(/All 8 jobs: \$72\.34 an hour after the drive\. After a vehicle cost of \$0\.50 a mile/),
    ).toBeInTheDocument();
    expect(drive.getByRole('link', { name: 'Change it in Settings' })).toHaveAttribute(
      'href',
      '/dashboard/settings/operations',
    );
    const byZip = within(chart('Per hour by ZIP code'));
    expect(byZip.getByText('78701 · Austin, TX')).toBeInTheDocument();
    expect(byZip.getByText('$91.15/h')).toBeInTheDocument();
    expect(byZip.getByText('Unknown', { selector: '.insights-rank-label' })).toBeInTheDocument();
    expect(byZip.getByText('4 jobs, $395.00 after costs over 4.3 h, 20 min driving')).toBeInTheDocument();
    expect(byZip.getAllByRole('listitem')).toHaveLength(3);
    await user.click(byZip.getByRole('button', { name: 'Show table' }));
    expect(
      byZip.getByRole('table', { name: /^Earnings per working hour after the drive by ZIP code, / }),
    ).toBeInTheDocument();
    expect(within(chart('Per hour by service')).getByText('$72.34/h')).toBeInTheDocument();
    expect(api.callsTo(DRIVE).map(asked)).toEqual([{ from: '2026-11-01', to: '2026-11-30' }]);
  });

  it("says what the advised area would have refused of the period's quotes", async () => {
    setup('/dashboard/insights', {
      [DRIVE]: (req) => {
        const body = driveFixture(asked(req));
        return { body: { ...body, advice: { ...body.advice!, quotes: 40, quotesBeyondArea: 7 } } };
      },
    });
    const drive = within(await screen.findByRole('region', { name: 'Profit after the drive' }));
    expect(
      await drive.findByText(
        "Jobs beyond 4 mi earn $59/h against $91/h inside: a per-mile price of $2.68 would lift them to $75/h; an area of 4 mi would leave them out. That area would have refused 7 of the period's 40 quotes.",
      ),
    ).toBeInTheDocument();
  });

  it('says why it advises nothing yet, and that no vehicle cost is set', async () => {
    setup('/dashboard/insights', {
      [DRIVE]: (req) => ({
        body: { ...driveFixture(asked(req)), advice: null, noAdvice: 'few-jobs', located: 5, vehicleCostPerMile: 0 },
      }),
    });
    const drive = within(await screen.findByRole('region', { name: 'Profit after the drive' }));
    expect(
      await drive.findByText(
        'Not enough jobs to advise on yet: advice needs at least 8 approved or completed jobs with a known address in the period, 3 or more near and 3 or more far; this period has 5.',
      ),
    ).toBeInTheDocument();
    expect(drive.getByText(/No vehicle cost per mile set \(Settings, Operations\)/)).toBeInTheDocument();
  });
});
