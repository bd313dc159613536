import type { KeyboardEvent } from 'react';
import { StepFrame } from '../dialog.tsx';
import type { Store } from '../state.ts';

/**
 * The full street address in one box, chosen from suggestions (a combobox: arrows, Enter,
 * Escape). The suggestions keep the street line as typed (docs/product.md#address-suggestions).
 */
export function AddressStep({ store }: { store: Store }) {
  const list = store.suggestions.value;
  const active = store.activePlace.value;
  const open = list.length > 0;
  const invalid = Boolean(store.error.value);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      store.movePlace(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter') {
      // Read now, not from this render: a quick Arrow then Enter must pick what the arrow reached.
      const picked = store.suggestions.value[store.activePlace.value];
      if (!picked) return;
      e.preventDefault();
      store.choosePlace(picked);
    } else if (e.key === 'Escape') {
      // Closes the list, not the dialog.
      e.preventDefault();
      e.stopPropagation();
      store.clearSuggestions();
    }
  };

  return (
    <StepFrame store={store} title="Your address" submit="Get my quote" busyLabel="Getting your quote...">
      <label className="sw-label" htmlFor="sw-address">
        Street address
      </label>
      <div className="sw-combo">
        <input
          id="sw-address"
          className="sw-input"
          role="combobox"
          autoComplete="off"
          placeholder="1100 Congress Ave, Austin, TX 78701"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls="sw-places"
          aria-activedescendant={active >= 0 ? `sw-place-${active}` : undefined}
          aria-describedby="sw-address-hint"
          aria-invalid={invalid}
          value={store.search.value}
          onChange={(e) => store.setSearch(e.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        {open && (
          <div id="sw-places" className="sw-places" role="listbox" aria-label="Address suggestions">
            {list.map((p, i) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (ARIA pattern)
              <div
                key={p.placeId}
                id={`sw-place-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className={i === active ? 'sw-place sw-active' : 'sw-place'}
                // Keep focus in the input so the list does not close before the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => store.choosePlace(p)}
              >
                {p.description}
              </div>
            ))}
          </div>
        )}
      </div>
      <p id="sw-address-hint" className="sw-hint">
        Type your house number, street and city or ZIP code, then pick your address from the list.
      </p>
    </StepFrame>
  );
}
