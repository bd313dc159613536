import { ApiError } from '@slotwise/shared/http';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FeedbackButton } from './feedback-button.tsx';

function setup(send = vi.fn(async () => ({ message: 'ok' })), where: 'Services Page' | 'Home Page' = 'Services Page') {
  const alert = vi.fn();
  const user = userEvent.setup();
  render(<FeedbackButton where={where} send={send} alert={alert} />);
  return { send, alert, user };
}

describe('FeedbackButton and FeedbackForm', () => {
  it('opens a form with Type, Where (defaulting to the page) and Description', async () => {
    const { user } = setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    expect(screen.getByRole('dialog', { name: 'Send Feedback' })).toBeInTheDocument();
    const type = screen.getByLabelText('Type') as HTMLSelectElement;
    expect([...type.options].map((o) => o.value)).toEqual(['Bug Report', 'Feature Request']);
    const where = screen.getByLabelText('Where') as HTMLSelectElement;
    expect([...where.options].map((o) => o.value)).toEqual([
      'Pop-up',
      'Home Page',
      'Calendar Page',
      'Bookings Page',
      'Services Page',
      'Settings Page',
      'Insights Page',
    ]);
    expect(where).toHaveValue('Services Page');
    expect(screen.getByLabelText('Description')).toBeRequired();
  });

  it('requires a description', async () => {
    const { user, send } = setup();
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    await user.type(screen.getByLabelText('Description'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a description.');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends {type, where, description}, thanks the user, then closes after 2 seconds', async () => {
    vi.useFakeTimers();
    const send = vi.fn(async () => ({ message: 'ok' }));
    render(<FeedbackButton where="Home Page" send={send} alert={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Feedback' }));
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'Feature Request' } });
    fireEvent.change(screen.getByLabelText('Where'), { target: { value: 'Calendar Page' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: ' Dark mode please ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    });
    expect(send).toHaveBeenCalledWith({
      type: 'Feature Request',
      where: 'Calendar Page',
      description: 'Dark mode please',
    });
    expect(screen.getByText('Thank you for your feedback!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Feedback' })).toHaveFocus();
  });

  it.each([
    [
      'the server refuses',
      new ApiError(400, 'VALIDATION_FAILED', 'Description is required.', true),
      'Failed to send feedback. Please try again.',
    ],
    ['the network fails', new ApiError(0, 'NETWORK_ERROR', 'offline'), 'Error submitting feedback.'],
    ['anything else breaks', new TypeError('x is undefined'), 'Error submitting feedback.'],
  ])('alerts when %s and keeps the form open', async (_what, error, message) => {
    const { user, alert } = setup(vi.fn(async () => Promise.reject(error)));
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    await user.type(screen.getByLabelText('Description'), 'It broke');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(alert).toHaveBeenCalledWith(message);
    expect(screen.getByLabelText('Description')).toHaveValue('It broke');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('uses window.alert when no alert function is given', async () => {
    const spy = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<FeedbackButton where="Home Page" send={() => Promise.reject(new ApiError(500, 'INTERNAL', 'x', true))} />);
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    await user.type(screen.getByLabelText('Description'), 'It broke');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(spy).toHaveBeenCalledWith('Failed to send feedback. Please try again.');
  });

  it('closes with Escape or Cancel', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
