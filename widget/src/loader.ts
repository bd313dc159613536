// Placeholder until the widget issue: the loader warns and shows nothing.
console.warn('[Slotwise] The booking widget is not available yet.');
