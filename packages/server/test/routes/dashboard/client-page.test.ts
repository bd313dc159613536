/**
 * A client's page and the owner's work on it (docs/decisions/037): edits, places with notes,
 * things served filled from a booking's answers, bookings, plans, messages and totals; suggested
 * duplicates and their merge (nothing lost, a second merge refused); erasure and retention
 * covering clients; and a crew member seeing the job's place notes and nothing else of the record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention } from '../../../src/jobs/customer-data-retention.ts';
import {
  book,
  bookBody,
  DAY,
  detailer,
  engineApp,
  type Shop,
  START_CLOCK,
  setQuestions,
} from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

const d = '/api/business-dashboard';

describe.each(storages())('client page on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let other: Shop;

  const call = (method: string, url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
  const booked = async (s: Shop, over: Parameters<typeof bookBody>[1]) => {
    const res = await book(t, bookBody(s, over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().bookingId as string;
  };
  const clientOfBooking = async (bookingId: string) =>
    (await t.ctx.db.selectFrom('bookings').select('client_id').where('id', '=', bookingId).executeTakeFirstOrThrow())
      .client_id as string;
  const page = async (s: Shop, id: string) => {
    const res = await call('GET', `${d}/clients/${id}`, s.auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    other = await detailer(t);
    // The car-detailing template's question: its answer describes the vehicle (a thing served).
    await setQuestions(t, shop.businessId, [
      {
        question: 'What size is your vehicle?',
        type: 'dropdown',
        options: [
          { text: 'Sedan', value: 0 },
          { text: 'SUV', value: 25 },
        ],
      },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the next bookings, things served, messages and totals, and takes the owner’s edits', async () => {
    const first = await booked(shop, { customerEmail: 'ada@example.com', time: '10:00' });
    await booked(shop, { customerEmail: 'ada@example.com', time: '14:00' });
    const id = await clientOfBooking(first);
    const ada = await page(shop, id);
    expect(ada.nextBookings.map((b: { startTime: string }) => b.startTime)).toEqual(['10:00', '14:00']);
    expect(ada.nextBookings[0]).toMatchObject({ day: DAY, serviceName: 'Full Detail', status: 'pending' });
    expect(ada.pastBookings).toEqual([]);
    // One vehicle, though booked twice with the same answer.
    expect(ada.things).toEqual([
      {
        _id: expect.any(String),
        label: 'Vehicle: SUV',
        answers: [{ question: 'What size is your vehicle?', answer: 'SUV' }],
      },
    ]);
    expect(ada.messages.length).toBeGreaterThan(0);
    // Its delivery state as the outbox has it: the outbox runs beside the test, so the mail may
    // already have gone (a loaded machine ran it before this read).
    expect(ada.messages[0]).toMatchObject({ channel: 'mail', to: 'ada@example.com' });
    expect(['waiting', 'sent']).toContain(ada.messages[0].state);
    expect(ada.totals.upcomingCents).toBeGreaterThan(0);
    // No quote was sent them (owner quotes' own suite fills this list).
    expect(ada.quotes).toEqual([]);

    const edit = {
      firstName: 'Ada',
      lastName: 'King',
      email: 'Ada.King@Example.com',
      phone: '(512) 555-0123',
      notes: 'Prefers mornings.',
      tags: ['VIP', 'fleet', 'VIP'],
      textsConsent: true,
      marketingConsent: false,
    };
    const edited = await call('PUT', `${d}/clients/${id}`, shop.auth, edit);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      lastName: 'King',
      email: 'ada.king@example.com',
      phone: '+15125550123',
      tags: ['VIP', 'fleet'],
      textsConsent: true,
    });
    const bad = await call('PUT', `${d}/clients/${id}`, shop.auth, { ...edit, phone: 'call me' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('Enter a phone number');

    const places = await call('PUT', `${d}/clients/${id}/places`, shop.auth, {
      places: [
        { _id: ada.addresses[0]._id, address: ada.addresses[0].address, notes: 'Gate code 4321' },
        { address: '77 Lake Rd, Austin, TX', notes: '' },
      ],
    });
    expect(places.statusCode, places.body).toBe(200);
    expect(
      places
        .json()
        .addresses.map((a: { notes: string }) => a.notes)
        .sort(),
    ).toEqual(['', 'Gate code 4321']);
    // Search finds the new street as soon as it is written.
    const found = await call('GET', `${d}/clients?q=lake%20rd`, shop.auth);
    expect(found.json().clients.map((c: { _id: string }) => c._id)).toEqual([id]);

    const things = await call('PUT', `${d}/clients/${id}/things`, shop.auth, {
      things: [{ _id: ada.things[0]._id, label: '2019 Honda CR-V' }, { label: 'Boat trailer' }],
    });
    expect(things.statusCode, things.body).toBe(200);
    const labels = things.json().things as { label: string; answers: unknown[] }[];
    expect(labels.map((x) => x.label).sort()).toEqual(['2019 Honda CR-V', 'Boat trailer']);
    expect(labels.find((x) => x.label === '2019 Honda CR-V')!.answers).toHaveLength(1);

    // Never another owner's client, for reading or writing.
    expect((await call('GET', `${d}/clients/${id}`, other.auth)).statusCode).toBe(404);
    const theirs = await call('PUT', `${d}/clients/${id}`, other.auth, edit);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('CLIENT_NOT_FOUND');
  });

  it('suggests two records of one person and merges them, moving everything; a second merge is refused', async () => {
    const one = await booked(shop, {
      customerEmail: 'sam@example.com',
      firstName: 'Sam',
      lastName: 'Reed',
      phoneNumber: '+1 310 555 0142',
      time: '16:00',
    });
    const two = await booked(shop, {
      customerEmail: 'sam.reed@work.example',
      firstName: 'Sam',
      lastName: 'Reed',
      phoneNumber: '+1 310 555 0142',
      address: '9 Main St, Santa Monica, CA 90401, USA',
      time: '17:00',
    });
    const into = await clientOfBooking(one);
    const from = await clientOfBooking(two);
    expect(into).not.toBe(from);
    const dup = await call('GET', `${d}/clients/duplicates`, shop.auth);
    expect(dup.statusCode, dup.body).toBe(200);
    const pair = dup
      .json()
      .duplicates.find(
        (p: { a: { _id: string }; b: { _id: string } }) =>
          [p.a._id, p.b._id].sort().join() === [into, from].sort().join(),
      );
    expect(pair).toMatchObject({ reason: 'same_phone' });
    expect((await call('GET', `${d}/clients/duplicates`, other.auth)).json().duplicates).toEqual([]);

    const base = { firstName: 'Sam', lastName: 'Reed', phone: '+13105550142', marketingConsent: false };
    await call('PUT', `${d}/clients/${into}`, shop.auth, {
      ...base,
      email: 'sam@example.com',
      notes: 'Dog in yard.',
      tags: ['weekly'],
      textsConsent: false,
    });
    await call('PUT', `${d}/clients/${from}`, shop.auth, {
      ...base,
      email: 'sam.reed@work.example',
      notes: 'Pays by card.',
      tags: ['weekly', 'work'],
      textsConsent: true,
    });

    // Another owner cannot merge them; nor can a record merge into itself.
    expect((await call('POST', `${d}/clients/${from}/merge`, other.auth, { intoId: into })).statusCode).toBe(404);
    expect((await call('POST', `${d}/clients/${from}/merge`, shop.auth, { intoId: from })).statusCode).toBe(400);

    const merged = await call('POST', `${d}/clients/${from}/merge`, shop.auth, { intoId: into });
    expect(merged.statusCode, merged.body).toBe(200);
    const sam = merged.json();
    expect(sam._id).toBe(into);
    expect(sam.nextBookings.map((b: { _id: string }) => b._id).sort()).toEqual([one, two].sort());
    expect(sam.notes).toBe('Dog in yard.\n\nPays by card.\n\nOther e-mail: sam.reed@work.example');
    expect(sam.tags).toEqual(['weekly', 'work']);
    expect(sam.textsConsent).toBe(true);
    // Both places, the shared one once.
    expect(sam.addresses.map((a: { address: string }) => a.address).sort()).toEqual([
      '5 Ocean Ave, Santa Monica, CA 90401, USA',
      '9 Main St, Santa Monica, CA 90401, USA',
    ]);
    // The same SUV answered on both: one vehicle.
    expect(sam.things).toHaveLength(1);
    expect(await clientOfBooking(two)).toBe(into);

    const again = await call('POST', `${d}/clients/${from}/merge`, shop.auth, { intoId: into });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'CLIENT_NOT_FOUND' });
    expect(again.json().error).toContain('already merged');
    expect((await call('GET', `${d}/clients/${from}`, shop.auth)).statusCode).toBe(404);
  });

  it('shows a crew member the job’s place notes and nothing else of the client', async () => {
    const job = await booked(shop, { customerEmail: 'lin@example.com', firstName: 'Lin', time: '12:00' });
    const id = await clientOfBooking(job);
    const lin = await page(shop, id);
    await call('PUT', `${d}/clients/${id}/places`, shop.auth, {
      places: [{ _id: lin.addresses[0]._id, address: lin.addresses[0].address, notes: 'Gate code 9090' }],
    });
    await call('PUT', `${d}/clients/${id}`, shop.auth, {
      firstName: 'Lin',
      lastName: 'Lovelace',
      email: 'lin@example.com',
      phone: '+15551234567',
      notes: 'SECRET owner note',
      tags: ['SECRET-TAG'],
      textsConsent: false,
      marketingConsent: false,
    });
    const crew = (await call('GET', `${d}/crews`, shop.auth)).json().crews[0]._id as string;
    await t.ctx.db.updateTable('bookings').set({ crew_id: crew }).where('id', '=', job).execute();
    const rows = await t.ctx.repos.crewJobs.list(crew, shop.businessId, DAY, DAY);
    const { toCrewJob } = await import('../../../src/domain/crew-jobs.ts');
    const seen = rows.map((r) => toCrewJob(r, shop as never, t.ctx.now())).find((j) => j._id === job)!;
    expect(seen.placeNotes).toBe('Gate code 9090');
    const text = JSON.stringify(seen);
    for (const secret of ['SECRET owner note', 'SECRET-TAG', id]) expect(text).not.toContain(secret);
  });

  it('erases the clients of an erased e-mail, and retention removes clients nobody names any more', async () => {
    const job = await booked(other, { customerEmail: 'zoe@example.com', firstName: 'Zoe', time: '11:00' });
    const zoe = await clientOfBooking(job);
    // The list as the dashboard first asks it: everyone, by last visit, none done yet.
    for (const sort of ['recent', 'next', 'spent', 'name']) {
      const listed = await call('GET', `${d}/clients?sort=${sort}&limit=100`, other.auth);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().clients.map((c: { _id: string }) => c._id)).toEqual([zoe]);
    }
    await call('PUT', `${d}/clients/${zoe}/places`, other.auth, {
      places: [{ address: '1 Gate Ln', notes: 'Code 1111' }],
    });
    t.clock.now = START_CLOCK + 3 * 86_400_000; // the booking has ended
    const erased = await call('POST', `${d}/customer-data/erase`, other.auth, { email: 'ZOE@example.com' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await call('GET', `${d}/clients/${zoe}`, other.auth)).statusCode).toBe(404);
    const left = await t.ctx.db.selectFrom('client_addresses').select('id').where('client_id', '=', zoe).execute();
    expect(left).toEqual([]);
    expect(await clientOfBooking(job)).toBeNull();

    // Retention: 25 months on, every booking is anonymised and its client goes with its places and things.
    const before = await t.ctx.db
      .selectFrom('clients')
      .select('id')
      .where('business_id', '=', shop.businessId)
      .execute();
    expect(before.length).toBeGreaterThan(0);
    t.clock.now = START_CLOCK + 25 * 31 * 86_400_000;
    await t.ctx.db.deleteFrom('job_runs').execute();
    const run = await runRetention(t.ctx);
    expect(run).toMatchObject({ ran: true });
    const after = await t.ctx.db
      .selectFrom('clients')
      .select('id')
      .where('business_id', '=', shop.businessId)
      .execute();
    expect(after).toEqual([]);
    expect(await t.ctx.db.selectFrom('client_things').select('id').execute()).toEqual([]);
  });
});
