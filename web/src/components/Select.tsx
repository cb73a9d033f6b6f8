import { useEffect, useId, useMemo, useRef, useState, type ClipboardEvent, type JSX, type KeyboardEvent, type ReactNode, type UIEvent } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import { deselectAllLabel, maxVisibleTags, selectAllLabel, selectPageSize, virtualListThreshold, virtualOptionHeight } from './selectLimits';
import { pastedOptionValues, splitPastedText } from './selectPaste';
import { SelectTags } from './SelectTags';

export interface SelectOption {
  value: string;
  label: string;
  /** Shown after the label in the list, such as a certified metric's mark. */
  decoration?: ReactNode;
}

interface SelectCommonProps {
  ariaLabel: string;
  options: readonly SelectOption[];
  placeholder?: string;
  testId?: string;
  isInvalid?: boolean;
  /** A free-form select: the typed text is offered as an option of its own. */
  allowsNewOptions?: boolean;
  /** The options are being loaded: the list says "Loading...". */
  isLoading?: boolean;
  /** Why the options could not be loaded; shown inside the list (spec 000 section 8). */
  loadError?: string | null;
  /** False when the options already answer the search (a loader filtered them). */
  filtersOptionsBySearch?: boolean;
  /** More options exist than the loaded ones: called when the list is scrolled to its end. */
  onLoadMore?: () => void;
  /** The typed search, on every keystroke. */
  onSearchChange?: (search: string) => void;
  /** The list opened (true) or closed (false). */
  onOpenChange?: (isOpen: boolean) => void;
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
  /** At most this many tags show, then "+ N ..."; 4 unless told (spec 000 section 9). */
  maxTagCount?: number;
}

export type SelectProps = SingleSelectProps | MultipleSelectProps;

/** The list asks for more once scrolled past this fraction of its height, as Superset's does. */
const loadMoreScrollFraction = 0.7;

/** Options rendered above and below the visible ones of a virtual list. */
const virtualOverscan = 8;

/** The list's greatest height (px); a virtual list (over 20 options of 32 px) always fills it. */
const listMaxHeight = 240;

/**
 * The options of a virtual list to render for a scroll position: those in view and 8 on each
 * side. `viewHeight` is the list's height, `listMaxHeight` while unknown (before layout).
 */
function virtualWindow(optionCount: number, scrollTop: number, viewHeight: number): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / virtualOptionHeight) - virtualOverscan);
  const last = Math.min(optionCount - 1, Math.ceil((scrollTop + viewHeight) / virtualOptionHeight) + virtualOverscan);
  return { first, last };
}

/**
 * A searchable select (ARIA combobox with a listbox). Typing filters the options; ArrowUp and
 * ArrowDown move, Enter chooses, Escape closes, Backspace on an empty search removes the last
 * value of a multiple select. Clicking an option chooses it too.
 *
 * A multiple select shows at most four tags, offers "Select All" and "Deselect All" over the loaded
 * options, and splits pasted text into values (spec 000 section 5). The list holds 100 options at
 * a time and shows the next 100 (or asks `onLoadMore` for them) when scrolled to its end; a list of
 * more than 20 options is virtual, rendering only the options in view (spec 000 section 9).
 */
export function Select(props: SelectProps): JSX.Element {
  const {
    ariaLabel,
    options,
    placeholder,
    testId,
    isInvalid = false,
    allowsNewOptions = false,
    isLoading = false,
    loadError = null,
    filtersOptionsBySearch = true,
    onLoadMore,
    onSearchChange,
    onOpenChange,
  } = props;
  const selectedValues: readonly string[] = props.mode === 'single' ? (props.value === null ? [] : [props.value]) : props.value;
  const selectedSet = new Set(selectedValues);
  const [isOpen, setIsOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const [shownCount, setShownCount] = useState(selectPageSize);
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [listScrollTop, setListScrollTop] = useState(0);

  const typed = search.trim();
  const matchingOptions = useMemo(() => {
    const needle = typed.toLowerCase();
    if (needle === '' || !filtersOptionsBySearch) return options;
    return options.filter((option) => option.label.toLowerCase().includes(needle));
  }, [options, typed, filtersOptionsBySearch]);
  const isTypedAnOption = options.some((option) => option.value === typed || option.label === typed);
  const offersTypedOption = allowsNewOptions && typed !== '' && !isTypedAnOption;
  const visibleOptions = useMemo(
    () => (offersTypedOption ? [{ value: typed, label: typed }, ...matchingOptions] : matchingOptions),
    [offersTypedOption, typed, matchingOptions],
  );
  const shownOptions = visibleOptions.slice(0, shownCount);
  const canLoadMore = onLoadMore !== undefined && !isLoading && loadError === null;
  const activeOptionIndex = Math.min(activeIndex, shownOptions.length - 1);
  const optionId = (index: number): string => `${listboxId}-option-${index}`;

  const isVirtual = shownOptions.length > virtualListThreshold;
  const { first, last } = isVirtual ? virtualWindow(shownOptions.length, listScrollTop, listMaxHeight) : { first: 0, last: shownOptions.length - 1 };
  const renderedIndexes = Array.from({ length: Math.max(last - first + 1, 0) }, (_, offset) => first + offset);
  const spaceAbove = isVirtual ? first * virtualOptionHeight : 0;
  const spaceBelow = isVirtual ? (shownOptions.length - 1 - last) * virtualOptionHeight : 0;

  // The active option is scrolled into view when it changes (not on every render: a virtual list
  // renders as it scrolls, and must not jump back).
  const scrolledToIndex = useRef<number | null>(null);
  useEffect(() => {
    if (!isOpen) {
      scrolledToIndex.current = null;
      return;
    }
    if (activeOptionIndex < 0 || scrolledToIndex.current === activeOptionIndex) return;
    scrolledToIndex.current = activeOptionIndex;
    const list = listRef.current;
    if (isVirtual && list !== null) {
      // The active option may not be rendered: scroll by its place in the list.
      const viewHeight = list.clientHeight > 0 ? list.clientHeight : listMaxHeight;
      const optionTop = activeOptionIndex * virtualOptionHeight;
      const scrollTop = Math.min(Math.max(list.scrollTop, optionTop + virtualOptionHeight - viewHeight), optionTop);
      list.scrollTop = scrollTop;
      setListScrollTop(scrollTop);
      return;
    }
    document.getElementById(`${listboxId}-option-${activeOptionIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [isOpen, activeOptionIndex, isVirtual, listboxId]);

  const labelOf = (value: string): string => options.find((option) => option.value === value)?.label ?? value;

  function changeSearch(text: string): void {
    setSearch(text);
    setActiveIndex(0);
    setShownCount(selectPageSize);
    setListScrollTop(0);
    onSearchChange?.(text);
  }

  function close(): void {
    if (isOpen) onOpenChange?.(false);
    setIsOpen(false);
    if (search !== '') changeSearch('');
  }

  function open(): void {
    if (isOpen) return;
    setIsOpen(true);
    setShownCount(selectPageSize);
    setListScrollTop(0);
    onOpenChange?.(true);
  }

  /** The next 100 options: rendered when already loaded, asked for otherwise. */
  function showMore(): void {
    if (shownCount < visibleOptions.length) {
      setShownCount(shownCount + selectPageSize);
      return;
    }
    if (!canLoadMore) return;
    setShownCount(shownCount + selectPageSize);
    onLoadMore();
  }

  function choose(option: SelectOption): void {
    if (props.mode === 'single') {
      props.onChange(option.value);
      close();
      return;
    }
    const isSelected = props.value.includes(option.value);
    props.onChange(isSelected ? props.value.filter((value) => value !== option.value) : [...props.value, option.value]);
    if (search !== '') changeSearch('');
  }

  function removeValue(value: string): void {
    if (props.mode === 'multiple') props.onChange(props.value.filter((selected) => selected !== value));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    switch (event.key) {
      case 'ArrowDown': {
        event.preventDefault();
        if (!isOpen) {
          open();
          return;
        }
        const isOnLastShown = activeOptionIndex === shownOptions.length - 1;
        if (!isOnLastShown) {
          setActiveIndex(activeOptionIndex + 1);
          return;
        }
        // At the end of the rendered options: render (or load) the next page and step into it.
        const hasMoreLoaded = shownCount < visibleOptions.length;
        showMore();
        if (hasMoreLoaded) setActiveIndex(activeOptionIndex + 1);
        return;
      }
      case 'ArrowUp':
        event.preventDefault();
        setActiveIndex(Math.max(activeOptionIndex - 1, 0));
        return;
      case 'Enter': {
        const activeOption = shownOptions[activeOptionIndex];
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

  /**
   * Pasting into a multiple select adds the pasted values (spec 000 section 5). A single piece that
   * matches nothing stays in the search box, so pasting a word still searches for it.
   */
  function handlePaste(event: ClipboardEvent<HTMLInputElement>): void {
    if (props.mode !== 'multiple') return;
    const text = event.clipboardData.getData('text');
    const pastedValues = pastedOptionValues(text, options, allowsNewOptions);
    const isPlainSearch = pastedValues.length === 0 && splitPastedText(text).length <= 1;
    if (isPlainSearch) return;
    event.preventDefault();
    const newValues = pastedValues.filter((value) => !selectedSet.has(value));
    if (newValues.length > 0) props.onChange([...props.value, ...newValues]);
    if (search !== '') changeSearch('');
  }

  function handleListScroll(event: UIEvent<HTMLUListElement>): void {
    const list = event.currentTarget;
    setListScrollTop(list.scrollTop);
    const isNearEnd = list.scrollTop + list.clientHeight >= list.scrollHeight * loadMoreScrollFraction;
    if (isNearEnd) showMore();
  }

  const selectableOptions = offersTypedOption ? visibleOptions.slice(1) : visibleOptions;
  const showsSelectAll = props.mode === 'multiple' && !isLoading && loadError === null && selectableOptions.length > 0;
  const isEverythingSelected = selectableOptions.every((option) => selectedSet.has(option.value));

  function selectAll(): void {
    if (props.mode !== 'multiple') return;
    const added = selectableOptions.map((option) => option.value).filter((value) => !selectedSet.has(value));
    props.onChange([...props.value, ...added]);
  }

  function deselectAll(): void {
    if (props.mode === 'multiple') props.onChange([]);
  }

  const showsSelectedLabel = props.mode === 'single' && props.value !== null && search === '';
  const showsNoData = !isLoading && loadError === null && visibleOptions.length === 0;

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
        {props.mode === 'multiple' && (
          <SelectTags values={props.value} labelOf={labelOf} maxTagCount={props.maxTagCount ?? maxVisibleTags} onRemove={removeValue} />
        )}
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
            open();
          }}
          onKeyDown={handleKeyDown}
          onPaste={handlePaste}
        />
        <Caret aria-hidden>▾</Caret>
      </Field>
      {isOpen && (
        <Dropdown>
          {showsSelectAll && (
            <BulkActions onMouseDown={(event) => event.preventDefault()}>
              <BulkAction type="button" tabIndex={-1} disabled={isEverythingSelected} data-testid={testIds.select.selectAll} onClick={selectAll}>
                {selectAllLabel}
              </BulkAction>
              <BulkAction
                type="button"
                tabIndex={-1}
                disabled={selectedValues.length === 0}
                data-testid={testIds.select.deselectAll}
                onClick={deselectAll}
              >
                {deselectAllLabel}
              </BulkAction>
            </BulkActions>
          )}
          <Listbox
            ref={listRef}
            id={listboxId}
            role="listbox"
            aria-label={ariaLabel}
            aria-multiselectable={props.mode === 'multiple'}
            aria-busy={isLoading}
            onScroll={handleListScroll}
          >
            {spaceAbove > 0 && <VirtualSpacer role="presentation" aria-hidden style={{ height: spaceAbove }} />}
            {renderedIndexes.map((index) => {
              const option = shownOptions[index];
              if (option === undefined) return null;
              const isSelected = selectedSet.has(option.value);
              return (
                <Option
                  key={option.value}
                  id={optionId(index)}
                  role="option"
                  aria-selected={isSelected}
                  aria-setsize={isVirtual ? visibleOptions.length : undefined}
                  aria-posinset={isVirtual ? index + 1 : undefined}
                  $isActive={index === activeOptionIndex}
                  $height={isVirtual ? virtualOptionHeight : null}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActiveIndex(index)}
                  onClick={() => choose(option)}
                >
                  {option.label}
                  {option.decoration}
                  {isSelected && <Check aria-hidden>✓</Check>}
                </Option>
              );
            })}
            {spaceBelow > 0 && <VirtualSpacer role="presentation" aria-hidden style={{ height: spaceBelow }} />}
            {loadError !== null && (
              <ListMessage role="alert" $isError data-testid={testIds.select.loadError}>
                {loadError}
              </ListMessage>
            )}
            {isLoading && <ListMessage data-testid={testIds.select.loading}>Loading...</ListMessage>}
            {showsNoData && <ListMessage>No data</ListMessage>}
          </Listbox>
        </Dropdown>
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
  min-height: ${({ theme }) => theme.controlHeight}px;
  padding: 2px 24px 2px ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid
    ${({ theme, $isFocused, $isInvalid }) =>
      $isInvalid ? theme.colors.error.base : $isFocused ? theme.colors.primary.base : theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  cursor: text;
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

const Dropdown = styled.div`
  position: absolute;
  z-index: 20;
  top: calc(100% + 2px);
  left: 0;
  right: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 4px 12px rgba(0, 0, 0, 0.15);
`;

const BulkActions = styled.div`
  display: flex;
  justify-content: space-between;
  padding: ${({ theme }) => `${theme.gridUnit}px ${theme.gridUnit * 2}px`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const BulkAction = styled.button`
  padding: 0 ${({ theme }) => theme.gridUnit}px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary.base};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  cursor: pointer;

  &:disabled {
    color: ${({ theme }) => theme.colors.textMuted};
    cursor: default;
  }
`;

const Listbox = styled.ul`
  max-height: ${listMaxHeight}px;
  overflow-y: auto;
  margin: 0;
  padding: ${({ theme }) => theme.gridUnit}px 0;
  list-style: none;
`;

const Option = styled.li<{ $isActive: boolean; $height: number | null }>`
  ${({ $height }) => ($height === null ? '' : `box-sizing: border-box; height: ${$height}px; overflow: hidden; white-space: nowrap;`)}
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  padding: ${({ theme }) => `${theme.gridUnit * 1.5}px ${theme.gridUnit * 3}px`};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  cursor: pointer;
  background: ${({ theme, $isActive }) => ($isActive ? theme.colors.primary.light[3] : 'transparent')};
  color: ${({ theme, $isActive }) => ($isActive && theme.algorithm === 'dark' ? '#1F1F1F' : 'inherit')};

  &[aria-selected='true'] {
    font-weight: 600;
  }
`;

const VirtualSpacer = styled.li`
  padding: 0;
`;

const Check = styled.span`
  margin-left: auto;
  color: ${({ theme }) => theme.colors.primary.base};
`;

const ListMessage = styled.li<{ $isError?: boolean }>`
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 3}px`};
  color: ${({ theme, $isError = false }) => ($isError ? theme.colors.error.base : theme.colors.textMuted)};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
