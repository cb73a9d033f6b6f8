import { useEffect, useId, useMemo, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import styled from 'styled-components';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectCommonProps {
  ariaLabel: string;
  options: readonly SelectOption[];
  placeholder?: string;
  testId?: string;
  isInvalid?: boolean;
  /** A free-form select: the typed text is offered as an option of its own. */
  allowsNewOptions?: boolean;
  /**
   * Told the typed text as it changes (and '' when the list closes). With it, the caller answers
   * the search: `options` are shown as given, not filtered again by label.
   */
  onSearchChange?: (search: string) => void;
}

interface SingleSelectProps extends SelectCommonProps {
  mode: 'single';
  value: string | null;
  onChange: (value: string) => void;
}

interface MultipleSelectProps extends SelectCommonProps {
  mode: 'multiple';
  value: readonly string[];
  onChange: (values: string[]) => void;
}

export type SelectProps = SingleSelectProps | MultipleSelectProps;

/**
 * A searchable select (ARIA combobox with a listbox). Typing filters the options; ArrowUp and
 * ArrowDown move, Enter chooses, Escape closes, Backspace on an empty search removes the last
 * value of a multiple select. Clicking an option chooses it too.
 */
export function Select(props: SelectProps): JSX.Element {
  const { ariaLabel, options, placeholder, testId, isInvalid = false, allowsNewOptions = false, onSearchChange } = props;
  const isSearchedByCaller = onSearchChange !== undefined;
  const selectedValues: readonly string[] = props.mode === 'single' ? (props.value === null ? [] : [props.value]) : props.value;
  const [isOpen, setIsOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const visibleOptions = useMemo(() => {
    if (isSearchedByCaller) return options;
    const typed = search.trim();
    const needle = typed.toLowerCase();
    if (needle === '') return options;
    const matches = options.filter((option) => option.label.toLowerCase().includes(needle));
    const isTypedAnOption = options.some((option) => option.value === typed || option.label === typed);
    return allowsNewOptions && !isTypedAnOption ? [{ value: typed, label: typed }, ...matches] : matches;
  }, [options, search, allowsNewOptions, isSearchedByCaller]);
  const activeOptionIndex = Math.min(activeIndex, visibleOptions.length - 1);
  const optionId = (index: number): string => `${listboxId}-option-${index}`;

  useEffect(() => {
    if (!isOpen || activeOptionIndex < 0) return;
    document.getElementById(optionId(activeOptionIndex))?.scrollIntoView({ block: 'nearest' });
  });

  const labelOf = (value: string): string => options.find((option) => option.value === value)?.label ?? value;

  function changeSearch(text: string): void {
    setSearch(text);
    onSearchChange?.(text);
  }

  function close(): void {
    setIsOpen(false);
    changeSearch('');
  }

  function open(): void {
    setIsOpen(true);
  }

  function choose(option: SelectOption): void {
    if (props.mode === 'single') {
      props.onChange(option.value);
      close();
      return;
    }
    const isSelected = props.value.includes(option.value);
    props.onChange(isSelected ? props.value.filter((value) => value !== option.value) : [...props.value, option.value]);
    changeSearch('');
  }

  function removeValue(value: string): void {
    if (props.mode === 'multiple') props.onChange(props.value.filter((selected) => selected !== value));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!isOpen) open();
        else setActiveIndex(Math.min(activeOptionIndex + 1, visibleOptions.length - 1));
        return;
      case 'ArrowUp':
        event.preventDefault();
        setActiveIndex(Math.max(activeOptionIndex - 1, 0));
        return;
      case 'Enter': {
        const activeOption = visibleOptions[activeOptionIndex];
        if (!isOpen || activeOption === undefined) return;
        event.preventDefault();
        choose(activeOption);
        return;
      }
      case 'Escape':
        if (isOpen) {
          event.stopPropagation();
          close();
        }
        return;
      case 'Backspace': {
        const lastValue = selectedValues.at(-1);
        if (search === '' && props.mode === 'multiple' && lastValue !== undefined) removeValue(lastValue);
        return;
      }
      case 'Tab':
        close();
        return;
    }
  }

  const showsSelectedLabel = props.mode === 'single' && props.value !== null && search === '';

  return (
    <Root
      data-testid={testId}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) close();
      }}
    >
      <Field
        $isFocused={isOpen}
        $isInvalid={isInvalid}
        onMouseDown={(event) => {
          if (event.target === inputRef.current) return;
          event.preventDefault();
          inputRef.current?.focus();
          open();
        }}
      >
        {props.mode === 'multiple' &&
          props.value.map((value) => (
            <Chip key={value}>
              {labelOf(value)}
              <ChipRemove type="button" tabIndex={-1} aria-label={`Remove ${labelOf(value)}`} onClick={() => removeValue(value)}>
                ×
              </ChipRemove>
            </Chip>
          ))}
        {showsSelectedLabel && <SelectedLabel>{labelOf(props.value ?? '')}</SelectedLabel>}
        <SearchInput
          ref={inputRef}
          role="combobox"
          aria-label={ariaLabel}
          aria-expanded={isOpen}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-invalid={isInvalid}
          aria-activedescendant={isOpen && activeOptionIndex >= 0 ? optionId(activeOptionIndex) : undefined}
          autoComplete="off"
          placeholder={selectedValues.length === 0 ? placeholder : undefined}
          value={search}
          $isCollapsed={showsSelectedLabel}
          onFocus={open}
          onClick={open}
          onChange={(event) => {
            changeSearch(event.target.value);
            setActiveIndex(0);
            open();
          }}
          onKeyDown={handleKeyDown}
        />
        <Caret aria-hidden>▾</Caret>
      </Field>
      {isOpen && (
        <Listbox id={listboxId} role="listbox" aria-label={ariaLabel} aria-multiselectable={props.mode === 'multiple'}>
          {visibleOptions.map((option, index) => {
            const isSelected = selectedValues.includes(option.value);
            return (
              <Option
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={isSelected}
                $isActive={index === activeOptionIndex}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActiveIndex(index)}
                onClick={() => choose(option)}
              >
                {option.label}
                {isSelected && <Check aria-hidden>✓</Check>}
              </Option>
            );
          })}
          {visibleOptions.length === 0 && <NoOptions>No data</NoOptions>}
        </Listbox>
      )}
    </Root>
  );
}

const Root = styled.div`
  position: relative;
`;

const Field = styled.div<{ $isFocused: boolean; $isInvalid: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  min-height: 32px;
  padding: 2px 24px 2px ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid
    ${({ theme, $isFocused, $isInvalid }) =>
      $isInvalid ? theme.colors.error.base : $isFocused ? theme.colors.primary.base : theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  cursor: text;
`;

const Chip = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  padding: 0 ${({ theme }) => theme.gridUnit}px 0 ${({ theme }) => theme.gridUnit * 2}px;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  line-height: 22px;
`;

const ChipRemove = styled.button`
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  padding: 0 2px;
`;

const SelectedLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const SearchInput = styled.input<{ $isCollapsed: boolean }>`
  flex: ${({ $isCollapsed }) => ($isCollapsed ? '0 1 2px' : '1 1 60px')};
  min-width: ${({ $isCollapsed }) => ($isCollapsed ? '2px' : '60px')};
  border: 0;
  outline: none;
  background: none;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  line-height: 24px;
`;

const Caret = styled.span`
  position: absolute;
  top: 8px;
  right: 8px;
  color: ${({ theme }) => theme.colors.textMuted};
  pointer-events: none;
`;

const Listbox = styled.ul`
  position: absolute;
  z-index: 20;
  top: calc(100% + 2px);
  left: 0;
  right: 0;
  max-height: 240px;
  overflow-y: auto;
  margin: 0;
  padding: ${({ theme }) => theme.gridUnit}px 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 4px 12px rgba(0, 0, 0, 0.15);
`;

const Option = styled.li<{ $isActive: boolean }>`
  display: flex;
  justify-content: space-between;
  padding: ${({ theme }) => `${theme.gridUnit * 1.5}px ${theme.gridUnit * 3}px`};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  cursor: pointer;
  background: ${({ theme, $isActive }) => ($isActive ? theme.colors.primary.light[3] : 'transparent')};
  color: ${({ theme, $isActive }) => ($isActive && theme.algorithm === 'dark' ? '#1F1F1F' : 'inherit')};

  &[aria-selected='true'] {
    font-weight: 600;
  }
`;

const Check = styled.span`
  color: ${({ theme }) => theme.colors.primary.base};
`;

const NoOptions = styled.li`
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 3}px`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
