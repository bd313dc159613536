/**
 * A crew's own login, for the owner (Settings > Crews; docs/product.md#crew-members;
 * docs/decisions/024): who logs in as the crew and whether they have set their password yet,
 * with Invite by e-mail, Resend and Remove access. Placed in each crew of the crews section;
 * `onChange` receives the crew as the server answers it after each change.
 */
import type { Crew } from '@slotwise/shared/api';
import { type FormEvent, useId, useState } from 'react';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { client } from '../../../lib/api.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { useFlash } from '../../../lib/use-flash.ts';

const INVITE_FAILED = 'Could not send the invitation.';
const RESEND_FAILED = 'Could not send a new link.';
const REMOVE_FAILED = 'Could not remove the access.';

/** Roughly what the server checks, so a typo is caught before the call (the server has the last word). */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function CrewMember({ crew, onChange }: { crew: Crew; onChange: (crew: Crew) => void }) {
  const id = useId();
  const flash = useFlash();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState<'invite' | 'resend' | 'remove' | null>(null);
  // The invitation form stays folded until asked for: a list of crews reads as crews, not forms.
  const [inviting, setInviting] = useState(false);
  const member = crew.member;

  async function run(what: 'invite' | 'resend' | 'remove', call: () => Promise<Crew>, done: string, failed: string) {
    setBusy(what);
    try {
      const next = await call();
      onChange(next);
      flash.show({ kind: 'success', text: done });
      return true;
    } catch (err) {
      flash.show({ kind: 'error', text: failed, detail: serverDetail(err) });
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function invite(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!LOOKS_LIKE_EMAIL.test(address))
      return flash.show({ kind: 'error', text: 'Enter an e-mail address, like sam@example.com.' });
    const sent = await run(
      'invite',
      () => client.dashboard.inviteCrewMember({ params: { id: crew._id }, body: { email: address } }),
      `Invitation sent to ${address.toLowerCase()}.`,
      INVITE_FAILED,
    );
    if (sent) {
      setEmail('');
      setInviting(false);
    }
  }

  function resend() {
    if (!member) return;
    void run(
      'resend',
      () => client.dashboard.resendCrewInvite({ params: { id: crew._id } }),
      member.status === 'active'
        ? `A link to set a new password went to ${member.email}.`
        : `A new invitation went to ${member.email}.`,
      RESEND_FAILED,
    );
  }

  function remove() {
    if (!member) return;
    const sure = window.confirm(
      `Remove ${member.email}'s access to ${crew.name}? They are logged out at once, and their link and calendar feed stop working.`,
    );
    if (!sure) return;
    void run(
      'remove',
      () => client.dashboard.removeCrewMember({ params: { id: crew._id } }),
      `${member.email} can no longer log in as ${crew.name}.`,
      REMOVE_FAILED,
    );
  }

  return (
    <section className="crew-member" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Crew login</h3>
      <FlashMessage message={flash.message} />
      {!member && !inviting ? (
        <p className="crew-member-none">
          No login yet.{' '}
          <button type="button" className="btn btn--small" onClick={() => setInviting(true)}>
            Invite a login
          </button>
        </p>
      ) : !member ? (
        <form onSubmit={invite} noValidate>
          <p className="hint">
            Invite the person who works as {crew.name} by e-mail. They see only this crew's jobs, without prices, and
            mark each one started and completed.
          </p>
          <div className="field">
            <label htmlFor={`${id}-email`}>E-mail</label>
            <input
              id={`${id}-email`}
              className="input"
              type="email"
              autoComplete="off"
              placeholder="sam@example.com"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
          </div>
          <div className="row section-actions">
            <button type="submit" className="btn btn--primary" disabled={busy !== null}>
              {busy === 'invite' ? 'Sending...' : 'Invite by e-mail'}
            </button>
            <button type="button" className="btn" disabled={busy !== null} onClick={() => setInviting(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <p>
            <span className={`crew-member-status crew-member-status--${member.status}`}>
              {member.status === 'active' ? 'Active' : 'Invited'}
            </span>{' '}
            {member.email}
          </p>
          <p className="hint">
            {member.status === 'active'
              ? `Logs in as ${crew.name}. Resend mails them a link to set a new password.`
              : 'Has not set a password yet. The invitation link lasts 7 days; Resend mails a new one.'}
          </p>
          <div className="row section-actions">
            <button type="button" className="btn" disabled={busy !== null} onClick={resend}>
              {busy === 'resend' ? 'Sending...' : 'Resend'}
            </button>
            <button type="button" className="btn btn--danger" disabled={busy !== null} onClick={remove}>
              {busy === 'remove' ? 'Removing...' : 'Remove access'}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
