import { useState, type JSX } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { testIds } from '@/testIds';
import type { VizTypeMeta } from '@/wasm/controlPanel';
import { recordRecentVizType } from './recentVizTypes';
import { VizTypeGallery } from './VizTypeGallery';
import { VizTypeThumbnail } from './VizTypeThumbnail';

export interface VizTypeControlProps {
  vizTypes: readonly VizTypeMeta[];
  value: string;
  onChoose: (vizType: string) => void;
}

/** The "Visualization type" control: the current chart and "View all charts", which opens the gallery. */
export function VizTypeControl({ vizTypes, value, onChoose }: VizTypeControlProps): JSX.Element {
  const [isGalleryOpen, setIsGalleryOpen] = useState(false);
  const current = vizTypes.find((vizType) => vizType.key === value);

  function choose(vizType: string): void {
    setIsGalleryOpen(false);
    recordRecentVizType(vizType);
    onChoose(vizType);
  }

  return (
    <Root data-testid={testIds.explore.vizTypeControl} data-viz-type={value}>
      <Current>
        {current !== undefined && <VizTypeThumbnail category={current.category} />}
        <CurrentName>{current?.name ?? value}</CurrentName>
      </Current>
      <Button
        $variant="link"
        data-testid={testIds.explore.vizTypeGalleryButton}
        disabled={vizTypes.length === 0}
        onClick={() => setIsGalleryOpen(true)}
      >
        View all charts
      </Button>
      {isGalleryOpen && (
        <VizTypeGallery vizTypes={vizTypes} currentVizType={value} onChoose={choose} onClose={() => setIsGalleryOpen(false)} />
      )}
    </Root>
  );
}

const Root = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  padding: ${({ theme }) => theme.gridUnit}px ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
`;

const Current = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  min-width: 0;

  svg {
    width: 32px;
    height: 20px;
    flex: none;
  }
`;

const CurrentName = styled.span`
  overflow: hidden;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  font-weight: 600;
  text-overflow: ellipsis;
  white-space: nowrap;
`;
