/**
 * An e-mail address that wraps only where a reader expects it to, as the Chicago Manual of
 * Style breaks addresses: after the "@", or before a dot, a hyphen or an underscore
 * ("christopher.alexander@" / "example" / "-company" / ".co.uk"), never in the middle of a
 * word as `overflow-wrap: anywhere` did on the cards, nor after a hyphen (it would read as
 * a word hyphenated at the line's end). Each part is kept whole and a <wbr> between two
 * parts is the only place a line may end; the address reads and copies as one.
 */
import { Fragment } from 'react';
import './email-text.css';

/** "jo.smith@mail-box.example.com" -> ["jo", ".smith@", "mail", "-box", ".example", ".com"]: a line may break between them. */
export function emailParts(email: string): string[] {
  const parts: string[] = [];
  let part = '';
  for (const ch of email) {
    if ((ch === '.' || ch === '-' || ch === '_') && part) {
      parts.push(part);
      part = '';
    }
    part += ch;
    if (ch === '@') {
      parts.push(part);
      part = '';
    }
  }
  if (part) parts.push(part);
  return parts;
}

export function EmailText({ email }: { email: string }) {
  return (
    <span className="email-text">
      {emailParts(email).map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in order, never reordered
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span className="email-part">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
