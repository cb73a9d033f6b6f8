import { useMemo, useState, type JSX } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { Modal, wideModalWidthPx } from '@/components/Modal';
import { testIds } from '@/testIds';
import type { VizTypeMeta } from '@/wasm/controlPanel';
import { readRecentVizTypes } from './recentVizTypes';
import { VizTypeThumbnail } from './VizTypeThumbnail';

export const allChartsCategory = 'All charts';
export const recentlyUsedCategory = 'Recently used';

export interface VizTypeGalleryProps {
  vizTypes: readonly VizTypeMeta[];
  currentVizType: string;
  onChoose: (vizType: string) => void;
  onClose: () => void;
}

/** True when the search text is in the chart's name, key or one of its tags. */
export function matchesVizSearch(vizType: VizTypeMeta, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [vizType.name, vizType.key, ...vizType.tags].some((text) => text.toLowerCase().includes(needle));
}

/**
 * Superset's "View all charts" gallery: a search box, the categories, a card per chart. A click
 * picks a card, Select or a double click chooses it.
 */
export function VizTypeGallery({ vizTypes, currentVizType, onChoose, onClose }: VizTypeGalleryProps): JSX.Element {
  const [search, setSearch] = useState('');
  const [recentKeys] = useState(readRecentVizTypes);
  const [category, setCategory] = useState(recentKeys.length > 0 ? recentlyUsedCategory : allChartsCategory);
  const [pickedKey, setPickedKey] = useState(currentVizType);

  const categories = useMemo(() => {
    const distinct = [...new Set(vizTypes.map((vizType) => vizType.category))];
    return [...(recentKeys.length > 0 ? [recentlyUsedCategory] : []), allChartsCategory, ...distinct];
  }, [vizTypes, recentKeys]);

  const shownVizTypes = useMemo(() => {
    if (search.trim() !== '') return vizTypes.filter((vizType) => matchesVizSearch(vizType, search));
    if (category === allChartsCategory) return vizTypes;
    if (category === recentlyUsedCategory) {
      return recentKeys.flatMap((key) => vizTypes.filter((vizType) => vizType.key === key));
    }
    return vizTypes.filter((vizType) => vizType.category === category);
  }, [vizTypes, search, category, recentKeys]);

  const picked = vizTypes.find((vizType) => vizType.key === pickedKey);

  return (
    <Modal
      title="Select a visualization type" width={wideModalWidthPx}
      testId={testIds.vizGallery.modal}
      onClose={onClose}
      footer={
        <>
          <PickedName>{picked?.name ?? ''}</PickedName>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            $variant="primary"
            disabled={picked === undefined}
            data-testid={testIds.vizGallery.selectButton}
            onClick={() => onChoose(pickedKey)}
          >
            Select
          </Button>
        </>
      }
    >
      <Layout>
        <Categories aria-label="Chart categories">
          {categories.map((name) => (
            <CategoryButton
              key={name}
              type="button"
              data-testid={testIds.vizGallery.category}
              aria-pressed={search.trim() === '' && name === category}
              onClick={() => {
                setCategory(name);
                setSearch('');
              }}
            >
              {name}
            </CategoryButton>
          ))}
        </Categories>
        <Main>
          <SearchInput
            type="search"
            placeholder="Search all charts"
            aria-label="Search all charts"
            data-testid={testIds.vizGallery.search}
            value={search}
            // The dialog takes focus first; typing a search is what most users do next.
            autoFocus
            onChange={(event) => setSearch(event.target.value)}
          />
          <Cards role="listbox" aria-label="Charts">
            {shownVizTypes.map((vizType) => (
              <Card
                key={vizType.key}
                type="button"
                role="option"
                aria-label={vizType.name}
                aria-selected={vizType.key === pickedKey}
                data-testid={testIds.vizGallery.card}
                data-viz-type={vizType.key}
                $isPicked={vizType.key === pickedKey}
                onClick={() => setPickedKey(vizType.key)}
                onDoubleClick={() => onChoose(vizType.key)}
              >
                <VizTypeThumbnail category={vizType.category} />
                <CardName>{vizType.name}</CardName>
              </Card>
            ))}
            {shownVizTypes.length === 0 && <NoCharts>No charts match your search</NoCharts>}
          </Cards>
        </Main>
      </Layout>
    </Modal>
  );
}

const Layout = styled.div`
  display: grid;
  grid-template-columns: 160px minmax(0, 1fr);
  gap: ${({ theme }) => theme.gridUnit * 4}px;
  min-height: 360px;
`;

const Categories = styled.nav`
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const CategoryButton = styled.button`
  padding: ${({ theme }) => `${theme.gridUnit * 1.5}px ${theme.gridUnit * 2}px`};
  border: 0;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  text-align: left;
  cursor: pointer;

  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.primary.base};
    font-weight: 600;
  }
`;

const Main = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
  min-width: 0;
`;

const SearchInput = styled.input`
  height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  align-content: start;
`;

const Card = styled.button<{ $isPicked: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  padding: ${({ theme }) => theme.gridUnit * 3}px ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme, $isPicked }) => ($isPicked ? theme.colors.primary.base : theme.colors.border)};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme, $isPicked }) => ($isPicked ? theme.colors.surfaceMuted : theme.colors.surface)};
  box-shadow: ${({ theme, $isPicked }) => ($isPicked ? `0 0 0 1px ${theme.colors.primary.base}` : 'none')};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

const CardName = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  text-align: center;
`;

const NoCharts = styled.p`
  grid-column: 1 / -1;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const PickedName = styled.span`
  margin-right: auto;
  align-self: center;
  font-weight: 600;
`;
