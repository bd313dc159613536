import { afterEach, describe, expect, it } from 'vitest';
import { resetSharedResources } from '../../lib/resource.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { startOverviewLoads } from './overview-data.ts';

afterEach(() => resetSharedResources());

describe('the overview started before its first render', () => {
  // The schedule is drawn only once today's bookings, the profile and the waiting requests are in
  // (overview-page.tsx): any of them started by the page would hold the agenda back a whole render.
  it('asks for everything the schedule waits for at once, each once', () => {
    const api = fakeApi({
      'GET /api/business-dashboard/bookings/today': { body: { bookings: [] } },
      'GET /api/business-dashboard/crews': { body: { crews: [] } },
    });
    startOverviewLoads();
    for (const route of [
      'GET /api/business-dashboard/bookings/today',
      'GET /api/onboarding/profile',
      'GET /api/business-dashboard/bookings/waiting',
      'GET /api/business-dashboard/crews',
    ])
      expect(api.callsTo(route), route).toHaveLength(1);
  });
});
