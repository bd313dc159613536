/**
 * The Undo that follows a change which mails a customer (docs/decisions/014): a Decline,
 * a booking dropped on a new time. The server holds the customer's mail for the undo
 * window; the toast offers Undo for exactly that window, and Undo asks the server to
 * put the booking back and drop the mail. A blocked time has no mail: its Undo is the
 * move back.
 */
import { showToast } from '../components/toaster.tsx';
import { isNetworkError, serverErrorOr } from './errors.ts';

/** How long Undo is offered; the server accepts it a little longer, and mails only after that. */
const UNDO_MS = 10_000;

const UNDO_FAILED = 'Could not undo that change.';

/**
 * Shows `text` with an Undo button for UNDO_MS. Undo runs `undo` once, then says
 * `undoneText`, or why it could not (the window passed, the booking changed meanwhile).
 */
export function offerUndo(text: string, undoneText: string, undo: () => Promise<void>): void {
  showToast(text, 'success', {
    ms: UNDO_MS,
    action: {
      label: 'Undo',
      run: () => {
        undo().then(
          () => showToast(undoneText),
          (err: unknown) =>
            showToast(isNetworkError(err) ? (err as Error).message : serverErrorOr(err, UNDO_FAILED), 'error'),
        );
      },
    },
  });
}
