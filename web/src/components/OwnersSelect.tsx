import { useMemo, useState, type JSX } from 'react';
import type { RelatedItem } from '@/api/generated/RelatedItem';
import type { UserRef } from '@/api/generated/UserRef';
import { displayNameOf } from '@/api/userNames';
import { useRelatedSearch } from './listView/resourceListApi';
import { Select, type SelectOption } from './Select';
import { slowSearchDebounceMs } from './selectLimits';
import { useDebouncedValue } from './useDebouncedValue';

/** Spec 000 section 9: a search the server answers waits for the slow debounce (500 ms). */
export const ownersSearchDebounceMs = slowSearchDebounceMs;

/** An owner as chosen: the user's id and display name. */
export interface ChosenOwner {
  id: number;
  name: string;
}

/** Spec 000 section 3: an owner shows the user's display name. */
export function ownerFromUserRef(user: UserRef): ChosenOwner {
  return { id: user.id, name: displayNameOf(user) };
}

function ownerFromRelatedItem(item: RelatedItem): ChosenOwner | null {
  return typeof item.value === 'number' ? { id: item.value, name: item.text } : null;
}

export interface OwnersSelectProps {
  /** Whose `related/owners` offers the users. */
  resource: 'chart' | 'dashboard' | 'dataset';
  value: readonly ChosenOwner[];
  onChange: (owners: ChosenOwner[]) => void;
  ariaLabel?: string;
  testId?: string;
  /** The related column offering the values: `owners` (users) or `roles` (a dashboard's roles). */
  column?: 'owners' | 'roles';
  placeholder?: string;
}

/**
 * "Owners": a multiple select of users from `related/owners`. The first call asks for everyone;
 * when that answer holds the full list (count within one page) the search runs in the browser,
 * otherwise each typed text (debounced) asks the server. Chosen owners stay listed first.
 */
export function OwnersSelect({ resource, value, onChange, ariaLabel = 'Owners', testId, column = 'owners', placeholder = 'Select owners' }: OwnersSelectProps): JSX.Element {
  const [search, setSearch] = useState('');
  const typed = search.trim();
  const debouncedSearch = useDebouncedValue(typed, ownersSearchDebounceMs);
  const everyone = useRelatedSearch(resource, column, '');
  const isFullListLoaded = everyone.data !== undefined && everyone.data.count <= everyone.data.result.length;
  const isSearchedOnServer = debouncedSearch !== '' && !isFullListLoaded;
  const searched = useRelatedSearch(resource, column, debouncedSearch, { enabled: isSearchedOnServer });

  const options = useMemo<SelectOption[]>(() => {
    const answer = isSearchedOnServer ? searched.data : everyone.data;
    const found = (answer?.result ?? []).flatMap((item) => {
      const owner = ownerFromRelatedItem(item);
      return owner === null ? [] : [owner];
    });
    const needle = typed.toLowerCase();
    const matches = isSearchedOnServer || needle === '' ? found : found.filter((owner) => owner.name.toLowerCase().includes(needle));
    const chosenIds = new Set(value.map((owner) => owner.id));
    return [...value, ...matches.filter((owner) => !chosenIds.has(owner.id))].map((owner) => ({ value: String(owner.id), label: owner.name }));
  }, [everyone.data, searched.data, isSearchedOnServer, typed, value]);

  function changeOwners(ids: string[]): void {
    const byId = new Map(options.map((option) => [option.value, option.label]));
    onChange(ids.map((id) => ({ id: Number(id), name: byId.get(id) ?? id })));
  }

  return (
    <Select
      mode="multiple"
      ariaLabel={ariaLabel}
      placeholder={placeholder}
      testId={testId}
      options={options}
      value={value.map((owner) => String(owner.id))}
      onChange={changeOwners}
      filtersOptionsBySearch={false}
      isLoading={everyone.isLoading || (isSearchedOnServer && searched.isLoading)}
      onSearchChange={setSearch}
    />
  );
}
