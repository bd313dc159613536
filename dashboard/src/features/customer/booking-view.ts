/**
 * What the two customer pages share: the one hard navigation they make (to the landing page, which the server serves,
 * not this app), kept replaceable so tests can observe it.
 */
export const browser = {
  goTo(url: string): void {
    window.location.assign(url);
  },
};
