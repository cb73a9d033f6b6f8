import { useCallback, useRef, useState, type JSX } from 'react';
import styled from 'styled-components';
import type { Dataset } from '@/api/generated/Dataset';
import type { MetricRef } from '@/api/generated/MetricRef';
import { Button } from '@/components/Button';
import { coreMetricLabel, metricKey } from '@/features/explore/exploreFormData';
import { useQuiverCore } from '@/wasm/useQuiverCore';
import { testIds } from '@/testIds';
import { AdhocMetricPopover } from './AdhocMetricPopover';
import { useDatasourceDrop } from './useDatasourceDrop';
import { Chip, Remove } from './controlChips';

export interface MetricsControlProps {
  dataset: Dataset;
  value: readonly MetricRef[];
  isInvalid: boolean;
  /** False for a one-metric control (`metric`): "+ Add metric" hides once one is chosen. */
  allowsMultiple?: boolean;
  onChange: (metrics: MetricRef[]) => void;
}

/**
 * The "Metrics" control (`metrics`): chosen metrics as chips, and a popover to add one. A saved
 * metric dropped from the datasource panel is added; a dropped column opens the popover on it.
 */
export function MetricsControl({ dataset, value, isInvalid, allowsMultiple = true, onChange }: MetricsControlProps): JSX.Element {
  const [isAdding, setIsAdding] = useState(false);
  const [droppedColumn, setDroppedColumn] = useState<string | null>(null);
  const canAdd = allowsMultiple || value.length === 0;
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const closePopover = useCallback(() => {
    setIsAdding(false);
  }, []);
  const core = useQuiverCore();
  const drop = useDatasourceDrop(['metric', 'column'], ({ kind, name }) => {
    if (kind === 'metric') {
      onChange(allowsMultiple ? [...value, name] : [name]);
      return;
    }
    setDroppedColumn(name);
    setIsAdding(true);
  });

  function metricLabel(metric: MetricRef): string {
    return coreMetricLabel(core, metric);
  }

  return (
    <Root data-testid={testIds.explore.metricsControl} {...drop.handlers}>
      <Chips $isInvalid={isInvalid} $isDropTarget={drop.isOver}>
        {value.map((metric) => (
          <Chip key={metricKey(metric)} data-testid={testIds.explore.metricChip}>
            {metricLabel(metric)}
            <Remove
              type="button"
              aria-label={`Remove ${metricLabel(metric)}`}
              onClick={() => onChange(value.filter((chosen) => chosen !== metric))}
            >
              ×
            </Remove>
          </Chip>
        ))}
        {canAdd && (
          <Button
            ref={addButtonRef}
            $variant="link"
            aria-expanded={isAdding}
            data-testid={testIds.explore.addMetricButton}
            onClick={() => {
              setDroppedColumn(null);
              setIsAdding((current) => !current);
            }}
          >
            + Add metric
          </Button>
        )}
      </Chips>
      {isAdding && (
        <AdhocMetricPopover
          key={droppedColumn ?? ''}
          dataset={dataset}
          initialColumnName={droppedColumn}
          anchorRef={addButtonRef}
          onClose={closePopover}
          onAdd={(metric) => {
            onChange([...value, metric]);
            setIsAdding(false);
          }}
        />
      )}
    </Root>
  );
}

const Root = styled.div`
  position: relative;
`;

const Chips = styled.div<{ $isInvalid: boolean; $isDropTarget: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  min-height: 32px;
  padding: 2px ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px ${({ $isDropTarget }) => ($isDropTarget ? 'dashed' : 'solid')}
    ${({ theme, $isInvalid, $isDropTarget }) => ($isDropTarget ? theme.colors.primary.base : $isInvalid ? theme.colors.error.base : theme.colors.border)};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
`;
