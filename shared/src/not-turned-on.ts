/**
 * What an owner reads when a feature needs something only the server's operator can set
 * (ENCRYPTION_KEY, TEXTS): what is not available and who can turn it on, never the variable's
 * name. The operator's instructions are in the README's configuration table and in the server's
 * start-up log (packages/server/src/operator-notes.ts). One place for these sentences, read by the server's
 * refusals and the dashboard's notices alike.
 */
export const NOT_TURNED_ON = {
  payments: "Card payments aren't turned on for this Slotwise server. Ask whoever runs it to turn them on.",
  texts: "Texts aren't turned on for this Slotwise server. Ask whoever runs it to turn them on.",
  calendars: "Connected calendars aren't turned on for this Slotwise server. Ask whoever runs it to turn them on.",
  /** TEXTS=log: texts are written to files for testing, not sent. */
  textsToFiles:
    "Texts aren't sent from this Slotwise server yet: it keeps them in files, for testing. Ask whoever runs it to turn sending on.",
  /** A calendar address sealed under an ENCRYPTION_KEY that has since changed. */
  calendarSealedElsewhere:
    "This Slotwise server can no longer read this calendar's address. Remove the calendar and connect it again.",
} as const;
