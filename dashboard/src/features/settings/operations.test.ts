import { describe, expect, it } from 'vitest';
import { formFrom, type OperationsForm, toSettings } from './operations.ts';

const form: OperationsForm = {
  travel: true,
  speedMph: '30',
  bufferMinutes: '15',
  maxDistanceMiles: '',
  changeCutoffHours: 24,
  horizonDays: '90',
  minNoticeHours: '2',
  vehicleCostPerMile: '',
};

describe('operations form', () => {
  it('reads stored settings, a null service area as an empty field', () => {
    expect(
      formFrom({
        travel: { enabled: false, speedMph: 30, bufferMinutes: 0 },
        maxDistanceMiles: null,
        changeCutoffHours: 0,
      }),
    ).toEqual({
      travel: false,
      speedMph: '30',
      bufferMinutes: '0',
      maxDistanceMiles: '',
      changeCutoffHours: 0,
      // A server that does not send them yet: the defaults it applies.
      horizonDays: '90',
      minNoticeHours: '2',
      vehicleCostPerMile: '',
    });
    expect(
      formFrom({
        travel: { enabled: true, speedMph: 45, bufferMinutes: 5 },
        maxDistanceMiles: 7.5,
        changeCutoffHours: 2,
      }).maxDistanceMiles,
    ).toBe('7.5');
  });

  it('turns the typed text into the settings the server takes; empty service area is anywhere (null)', () => {
    expect(toSettings(form)).toEqual({
      ok: true,
      value: {
        travel: { enabled: true, speedMph: 30, bufferMinutes: 15 },
        maxDistanceMiles: null,
        changeCutoffHours: 24,
        horizonDays: 90,
        minNoticeHours: 2,
        vehicleCostPerMile: 0,
      },
    });
    expect(toSettings({ ...form, maxDistanceMiles: ' 12.5 ' })).toMatchObject({ value: { maxDistanceMiles: 12.5 } });
    expect(toSettings({ ...form, vehicleCostPerMile: '$0.70' })).toMatchObject({ value: { vehicleCostPerMile: 0.7 } });
    expect(
      formFrom({
        travel: { enabled: true, speedMph: 45, bufferMinutes: 5 },
        maxDistanceMiles: null,
        changeCutoffHours: 2,
        vehicleCostPerMile: 0.5,
      }).vehicleCostPerMile,
    ).toBe('0.50');
  });

  it.each([
    ['speedMph', '5', true],
    ['speedMph', '80', true],
    ['speedMph', '4', false],
    ['speedMph', '81', false],
    ['speedMph', '30.5', false],
    ['speedMph', '', false],
    ['bufferMinutes', '0', true],
    ['bufferMinutes', '240', true],
    ['bufferMinutes', '241', false],
    ['bufferMinutes', '-1', false],
    ['maxDistanceMiles', '1000', true],
    ['maxDistanceMiles', '0.1', true],
    ['maxDistanceMiles', '1000.1', false],
    ['maxDistanceMiles', '0', false],
    ['maxDistanceMiles', '-3', false],
    ['maxDistanceMiles', 'far', false],
    ['horizonDays', '1', true],
    ['horizonDays', '730', true],
    ['horizonDays', '0', false],
    ['horizonDays', '731', false],
    ['horizonDays', '7.5', false],
    ['minNoticeHours', '0', true],
    ['minNoticeHours', '0.5', true],
    ['minNoticeHours', '168', true],
    ['minNoticeHours', '0.25', false],
    ['minNoticeHours', '169', false],
    ['minNoticeHours', '', false],
    ['vehicleCostPerMile', '0.7', true],
    ['vehicleCostPerMile', '20', true],
    ['vehicleCostPerMile', '20.01', false],
    ['vehicleCostPerMile', '0.705', false],
    ['vehicleCostPerMile', '-1', false],
    ['vehicleCostPerMile', 'cheap', false],
  ] as const)('%s %j accepted: %s', (field, value, ok) => {
    expect(toSettings({ ...form, [field]: value }).ok).toBe(ok);
  });
});
