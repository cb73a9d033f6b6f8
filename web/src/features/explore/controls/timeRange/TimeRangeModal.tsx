import { useState, type JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { Select } from '@/components/Select';
import { useResolvedTimeRange } from '@/features/explore/api';
import { testIds } from '@/testIds';
import { formatActualTimeRange } from './actualTimeRange';
import { AdvancedFrame } from './AdvancedFrame';
import { CustomFrame } from './CustomFrame';
import { NamedRangeFrame } from './NamedRangeFrame';
import { guessTimeRangeFrame, noTimeRange, timeRangeForFrame, timeRangeFrames, type TimeRangeFrame } from './timeRangeFrames';
import { SectionTitle } from './timeRangeStyles';
import { useDebouncedValue } from './useDebouncedValue';

/** Superset's slow debounce (spec: 500 ms) between typing and asking the server for the actual range. */
export const timeRangeDebounceMs = 500;

export interface TimeRangeModalProps {
  /** The control's value when the modal opened. */
  value: string;
  onApply: (value: string) => void;
  onClose: () => void;
}

const frameOptions = timeRangeFrames.map((frame) => ({ value: frame, label: frame }));

function isTimeRangeFrame(value: string): value is TimeRangeFrame {
  return (timeRangeFrames as readonly string[]).includes(value);
}

/**
 * "Edit time range": the range type, its frame, the actual range the server resolves the edited
 * value to, and Apply (only once the edited value resolved) or Cancel (Escape too).
 */
export function TimeRangeModal({ value, onApply, onClose }: TimeRangeModalProps): JSX.Element {
  const [frame, setFrame] = useState<TimeRangeFrame>(() => guessTimeRangeFrame(value));
  const [draft, setDraft] = useState(value);
  const debouncedDraft = useDebouncedValue(draft, timeRangeDebounceMs);
  const actual = useResolvedTimeRange(debouncedDraft === noTimeRange ? null : debouncedDraft);
  const isNoFilter = draft === noTimeRange;
  const isDraftResolved = isNoFilter || (debouncedDraft === draft && actual.isSuccess && !actual.isPlaceholderData);

  function chooseFrame(next: TimeRangeFrame): void {
    setFrame(next);
    setDraft(timeRangeForFrame(next, draft, new Date()));
  }

  function renderFrame(): JSX.Element | null {
    switch (frame) {
      case 'Last':
      case 'Previous':
      case 'Current':
        return <NamedRangeFrame frame={frame} value={draft} onChange={setDraft} />;
      case 'Custom':
        return <CustomFrame value={draft} onChange={setDraft} />;
      case 'Advanced':
        return <AdvancedFrame value={draft} onChange={setDraft} />;
      case 'No filter':
        return null;
    }
  }

  function renderActualTimeRange(): JSX.Element {
    if (isNoFilter) return <span>{noTimeRange}</span>;
    if (actual.isError) return <ErrorText role="alert">{errorMessage(actual.error)}</ErrorText>;
    if (actual.data === undefined) return <span>Loading…</span>;
    return <span>{formatActualTimeRange(actual.data)}</span>;
  }

  return (
    <Modal
      title="Edit time range"
      width={640}
      testId={testIds.explore.timeRangeModal}
      onClose={onClose}
      footer={
        <>
          <Button $variant="secondary" data-testid={testIds.explore.timeRangeCancelButton} onClick={onClose}>
            Cancel
          </Button>
          <Button
            $variant="primary"
            disabled={!isDraftResolved}
            data-testid={testIds.explore.timeRangeApplyButton}
            onClick={() => onApply(draft)}
          >
            Apply
          </Button>
        </>
      }
    >
      <Sections>
        <div>
          <SectionTitle>Range type</SectionTitle>
          <RangeType>
            <Select
              mode="single"
              ariaLabel="Range type"
              options={frameOptions}
              value={frame}
              onChange={(next) => {
                if (isTimeRangeFrame(next)) chooseFrame(next);
              }}
            />
          </RangeType>
        </div>
        {frame !== 'No filter' && <Divided key={frame}>{renderFrame()}</Divided>}
        <Divided>
          <SectionTitle>Actual time range</SectionTitle>
          <ActualTimeRange data-testid={testIds.explore.timeRangeActual} aria-live="polite">
            {renderActualTimeRange()}
          </ActualTimeRange>
        </Divided>
      </Sections>
    </Modal>
  );
}

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
`;

const RangeType = styled.div`
  width: 272px;
  max-width: 100%;
`;

const Divided = styled.div`
  padding-top: ${({ theme }) => theme.gridUnit * 4}px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const ActualTimeRange = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.error.base};
`;
