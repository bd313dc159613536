/**
 * A searchable zone picker: an editable combobox with a list (WAI-ARIA's combobox pattern,
 * list autocomplete with the first match highlighted). Typing "pacific", "denver" or "london"
 * narrows the list; Down and Up move through it, Enter or a click picks, Escape closes it
 * and puts the chosen zone's name back. The highlighted option is announced through
 * aria-activedescendant while focus stays in the text box, and how many zones match is
 * said in a polite status.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { filterZones, zoneOptions } from '../time-zones.ts';

export function TimeZonePicker({
  id,
  value,
  onChange,
}: {
  /** The text box's id, for its <label>. */
  id: string;
  value: string;
  onChange: (zone: string) => void;
}) {
  const listId = useId();
  const options = useMemo(() => zoneOptions(value), [value]);
  const chosenLabel = options.find((o) => o.zone === value)?.label ?? value;
  const [text, setText] = useState(chosenLabel);
  // What the list is narrowed by: only what the owner typed, never the chosen zone's name put back.
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = useMemo(() => filterZones(options, query), [options, query]);

  // The chosen zone changed from outside (a save, a new address): show its name.
  useEffect(() => setText(chosenLabel), [chosenLabel]);

  // Keep the highlighted option in view as the keys move it.
  useEffect(() => {
    if (open) document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, listId]);

  function openList(at = 0) {
    setOpen(true);
    setActive(at);
  }

  function close() {
    setOpen(false);
    setQuery('');
    setText(chosenLabel);
  }

  function pick(zone: string) {
    onChange(zone);
    setOpen(false);
    setQuery('');
    setText(options.find((o) => o.zone === zone)?.label ?? zone);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open)
          openList(
            Math.max(
              0,
              matches.findIndex((o) => o.zone === value),
            ),
          );
        else setActive((i) => Math.min(i + 1, matches.length - 1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (e.altKey) close();
        else if (!open)
          openList(
            Math.max(
              0,
              matches.findIndex((o) => o.zone === value),
            ),
          );
        else setActive((i) => Math.max(i - 1, 0));
        break;
      case 'Enter': {
        const chosen = open ? matches[active] : undefined;
        if (!chosen) return;
        // Picking is not saving: the form's button saves.
        e.preventDefault();
        pick(chosen.zone);
        break;
      }
      case 'Escape':
        if (open) {
          e.preventDefault();
          close();
        }
        break;
    }
  }

  const optionId = (i: number) => `${listId}-${i}`;
  const shown = open ? matches : [];
  return (
    <div className="zone-picker">
      <input
        id={id}
        className="input"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Type a city or zone, like Denver or Pacific"
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setQuery(e.currentTarget.value);
          openList(0);
        }}
        onKeyDown={onKeyDown}
        onFocus={(e) => e.currentTarget.select()}
        onBlur={close}
      />
      <div id={listId} role="listbox" aria-label="Time zones" className="listbox-popup" hidden={!open}>
        {shown.map((o, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's text box handles the keyboard (ARIA pattern)
          <div
            key={o.zone}
            id={optionId(i)}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            className={o.zone === value ? 'listbox-option is-current' : 'listbox-option'}
            // mousedown, not click: it must win over the text box's blur, which closes the list.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(o.zone)}
          >
            {o.label}
          </div>
        ))}
      </div>
      <p className="visually-hidden" role="status">
        {open && query ? `${matches.length} ${matches.length === 1 ? 'time zone matches' : 'time zones match'}.` : ''}
      </p>
      {open && matches.length === 0 && <p className="hint zone-none">No time zone matches "{query}".</p>}
    </div>
  );
}
