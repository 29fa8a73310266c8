import { useId, useState, type KeyboardEvent } from 'react';
import { comboboxTexts } from '#domain/texts/simulator.ts';
import styles from './combobox.module.css';
import fieldStyles from './ui.module.css';

export type ComboboxOption = { id: string; label: string; description?: string };

type ComboboxProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ComboboxOption[];
  isLoading?: boolean;
  placeholder?: string;
  name?: string;
  required?: boolean;
  autoComplete?: string;
};

/**
 * An editable combobox with a list of suggestions (WAI-ARIA 1.2 pattern): arrow keys move
 * through the list, Enter picks, Escape closes, and the number of suggestions is announced.
 */
export function Combobox({
  label,
  value,
  onChange,
  options,
  isLoading = false,
  placeholder,
  name,
  required,
  autoComplete = 'off',
}: ComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const isExpanded = isOpen && options.length > 0;

  const choose = (option: ComboboxOption) => {
    onChange(option.label);
    setIsOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setIsOpen(true);
        setActiveIndex((index) => (options.length === 0 ? -1 : (index + 1) % options.length));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setIsOpen(true);
        setActiveIndex((index) => (options.length === 0 ? -1 : index <= 0 ? options.length - 1 : index - 1));
        break;
      case 'Enter':
        if (isExpanded && activeIndex >= 0 && options[activeIndex]) {
          event.preventDefault();
          choose(options[activeIndex]);
        }
        break;
      case 'Escape':
        // Also while the suggestions are on their way: those that arrive after it stay closed.
        if (isExpanded) event.preventDefault();
        setIsOpen(false);
        setActiveIndex(-1);
        break;
    }
  };

  return (
    <div className={`${fieldStyles.field} ${styles.combobox}`}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isExpanded}
        aria-controls={listId}
        aria-activedescendant={isExpanded && activeIndex >= 0 ? `${id}-opt-${activeIndex}` : undefined}
        autoComplete={autoComplete}
        placeholder={placeholder}
        required={required}
        value={value}
        className={fieldStyles.input}
        onChange={(event) => {
          onChange(event.target.value);
          setIsOpen(true);
          setActiveIndex(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setIsOpen(false)}
      />
      {/* Not a tab stop: Chromium makes a scrolling box without focusable children one, and Tab from
          the field would land in the list, which closes as the field loses focus, the focus lost with it.
          A press on the list (its scrollbar, its padding) keeps the focus in the field for the same reason:
          dragging the scrollbar scrolls the suggestions instead of closing them. */}
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        className={styles.list}
        hidden={!isExpanded}
        tabIndex={-1}
        onMouseDown={(event) => event.preventDefault()}
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={`${id}-opt-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className={styles.option}
            // mousedown, not click: it fires before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
          >
            <span>{option.label}</span>
            {option.description ? <span className={styles.description}>{option.description}</span> : null}
          </li>
        ))}
      </ul>
      <span className="visually-hidden" aria-live="polite">
        {isOpen && !isLoading && value.trim().length >= 2
          ? options.length === 0
            ? comboboxTexts.noSuggestion
            : comboboxTexts.suggestions(options.length)
          : ''}
      </span>
    </div>
  );
}
