/**
 * Phone numbers are stored as E.164 from now on ("+15125550123"; shared/src/phone.ts, which
 * every new number goes through). This converts the owners' and the customers' numbers
 * stored before, as typed ("+1 512-555-0123"), where they read as a number of a possible
 * length, a number without a country code as a US one; anything else (an erased customer's
 * empty phone, text that is no number) is left as it was, and is shown as it is.
 *
 * The rule is written here rather than imported (a migration never imports app code, so it
 * means the same thing whenever it runs). Each distinct stored value is converted once, so
 * a business's thousands of bookings cost one update per number, not per row. Running it
 * twice changes nothing: an E.164 number converts to itself.
 */
import type { Kysely } from 'kysely';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

function e164(stored: string): string | null {
  const number = parsePhoneNumberFromString(stored.trim(), 'US');
  return number?.isPossible() && !number.ext ? number.number : null;
}

async function convert(db: Kysely<any>, table: 'users' | 'bookings'): Promise<void> {
  const rows = await db.selectFrom(table).select('phone_number').distinct().execute();
  for (const { phone_number: stored } of rows as { phone_number: string }[]) {
    const converted = e164(stored);
    if (converted && converted !== stored)
      await db.updateTable(table).set({ phone_number: converted }).where('phone_number', '=', stored).execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await convert(db, 'users');
  await convert(db, 'bookings');
}

/** Nothing to undo: E.164 numbers are valid numbers, and the original spelling is not kept. */
export async function down(): Promise<void> {}
