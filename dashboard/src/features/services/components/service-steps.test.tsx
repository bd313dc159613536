import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { storeToken } from '../../../testing/tokens.ts';
import { ServiceStepsEditor, stepsFromText, stepsProblem } from './service-steps.tsx';

const ID = '3a0c6d5e-1111-4a1a-8a1a-000000000009';
const READ = 'GET /api/business-dashboard/services/:id/steps';
const SAVE = 'PUT /api/business-dashboard/services/:id/steps';
const SUGGESTED = ['Pre-rinse', 'Wheels and tires', 'Hand wash'];

describe('job steps on a service', () => {
  it('reads one step a line, blank lines left out', () => {
    expect(stepsFromText(' Pre-rinse \n\n Dry\n')).toEqual(['Pre-rinse', 'Dry']);
  });

  it('says what is wrong before sending: too many steps, or one too long', () => {
    expect(stepsProblem(Array.from({ length: 31 }, (_, i) => `S${i}`))).toBe('At most 30 steps: this list has 31.');
    expect(stepsProblem(['ok', 'x'.repeat(121)])).toBe('Step 2 is longer than 120 characters: shorten it.');
    expect(stepsProblem(['ok'])).toBeNull();
  });

  it("fills in the trade's steps, saves them with the receipt switch, and closes", async () => {
    storeToken();
    const api = fakeApi({
      [READ]: { body: { steps: [], showOnReceipt: false, templateSteps: SUGGESTED } },
      [SAVE]: { body: { steps: SUGGESTED, showOnReceipt: true, templateSteps: SUGGESTED } },
    });
    const onClose = vi.fn();
    render(<ServiceStepsEditor serviceId={ID} serviceName="Full Detail" onClose={onClose} />);
    const box = await screen.findByLabelText('Job steps, one a line');
    expect(box).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Use the suggested steps for your trade' }));
    expect(box).toHaveValue(SUGGESTED.join('\n'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show the checklist on the receipt' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save steps' }));
    expect(api.callsTo(SAVE).map((c) => [c.params.id, c.body])).toEqual([
      [ID, { steps: SUGGESTED, showOnReceipt: true }],
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's refusal and keeps the form open", async () => {
    storeToken();
    fakeApi({
      [READ]: { body: { steps: ['Dry'], showOnReceipt: false, templateSteps: [] } },
      [SAVE]: {
        status: 400,
        body: { code: 'VALIDATION_FAILED', error: 'Two steps have the same words; give each step different words.' },
      },
    });
    const onClose = vi.fn();
    render(<ServiceStepsEditor serviceId={ID} serviceName="Full Detail" onClose={onClose} />);
    const box = await screen.findByLabelText('Job steps, one a line');
    expect(box).toHaveValue('Dry');
    expect(screen.queryByRole('button', { name: 'Use the suggested steps for your trade' })).toBeNull();
    await userEvent.type(box, '\ndry');
    await userEvent.click(screen.getByRole('button', { name: 'Save steps' }));
    expect(await screen.findByText('Failed to save the steps')).toBeInTheDocument();
    expect(screen.getByText('Two steps have the same words; give each step different words.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
