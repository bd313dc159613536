/**
 * The business's street address in one box, with suggestions from GET /api/business/places
 * (the street line typed is kept in them, docs/product.md#address-suggestions), used by onboarding
 * step 3 and Settings. It searches from ADDRESS_SEARCH_MIN_CHARS characters, debounced,
 * and follows the ARIA combobox pattern (arrow keys, Enter, Escape).
 */
import type { PlaceSuggestion } from '@slotwise/shared/api';
import { ADDRESS_SEARCH_MIN_CHARS } from '@slotwise/shared/domain';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { client } from '../lib/api.ts';
import { serverErrorOr } from '../lib/errors.ts';
import './address-search.css';

const SEARCH_DEBOUNCE_MS = 250;

export interface AddressSearchProps {
  label?: string;
  /** The chosen suggestion, or null while none is chosen. */
  selected: PlaceSuggestion | null;
  onSelect: (suggestion: PlaceSuggestion | null) => void;
  autoFocus?: boolean;
}

export function AddressSearch({ label = 'Street address', selected, onSelect, autoFocus }: AddressSearchProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(selected?.description ?? '');
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searching, setSearching] = useState(false);
  const [searched, setSearched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selectedText = useRef(selected?.description ?? null);

  const query = text.trim();
  useEffect(() => {
    // The text of a chosen suggestion is not a new search.
    if (query.length < ADDRESS_SEARCH_MIN_CHARS || query === selectedText.current) {
      setSuggestions([]);
      setOpen(false);
      setSearched(false);
      setSearching(false);
      return;
    }
    let stale = false;
    setSearching(true);
    const timer = setTimeout(async () => {
      try {
        const found = await client.places.search({ query: { input: query } });
        if (stale) return;
        setSuggestions(found);
        setError(null);
        setOpen(true);
      } catch (err) {
        if (stale) return;
        setSuggestions([]);
        setError(serverErrorOr(err, 'Address search failed. Please try again.'));
      } finally {
        if (!stale) {
          setSearching(false);
          setSearched(true);
          setActive(-1);
        }
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [query]);

  function choose(s: PlaceSuggestion) {
    selectedText.current = s.description;
    setText(s.description);
    setOpen(false);
    setSuggestions([]);
    onSelect(s);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!open || suggestions.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((a) => (a + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      const s = suggestions[active];
      if (s) choose(s);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  const tooShort = query.length > 0 && query.length < ADDRESS_SEARCH_MIN_CHARS;
  const expanded = open && suggestions.length > 0;
  let status = '';
  if (tooShort) status = `Type at least ${ADDRESS_SEARCH_MIN_CHARS} characters to search.`;
  else if (searching) status = 'Searching...';
  else if (searched && !error && suggestions.length === 0 && query !== selectedText.current)
    status = 'No matching addresses found. Type your house number and street, then the city or ZIP code.';

  return (
    <div className="field address-search">
      <label htmlFor={`${id}-input`}>{label}</label>
      <div className="address-search-box">
        <input
          id={`${id}-input`}
          className="input"
          type="text"
          role="combobox"
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: only where the address is the whole task (an opened editor)
          autoFocus={autoFocus}
          placeholder="1100 Congress Ave, Austin, TX 78701"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
          aria-describedby={`${id}-status`}
          value={text}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setText(value);
            if (selectedText.current !== null && value.trim() !== selectedText.current) {
              selectedText.current = null;
              onSelect(null);
            }
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => suggestions.length > 0 && setOpen(true)}
        />
        <div id={listId} role="listbox" aria-label="Address suggestions" className="listbox-popup" hidden={!expanded}>
          {suggestions.map((s, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (ARIA pattern)
            <div
              key={s.placeId}
              id={`${id}-opt-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className="listbox-option"
              // mousedown, not click: it must win over the input's blur, which closes the list.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(s)}
            >
              {s.description}
            </div>
          ))}
        </div>
      </div>
      <p id={`${id}-status`} className="hint" aria-live="polite">
        {status}
      </p>
      {error && (
        <p className="address-search-error" role="alert">
          {error}
        </p>
      )}
      {selected && (
        <p className="address-search-chosen">
          Selected: <strong>{selected.description}</strong>
        </p>
      )}
    </div>
  );
}
