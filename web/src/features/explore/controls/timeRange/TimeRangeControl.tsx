import { useState, type JSX } from 'react';
import styled from 'styled-components';
import { useResolvedTimeRange } from '@/features/explore/api';
import { testIds } from '@/testIds';
import { formatActualTimeRange, timeRangeTriggerText } from './actualTimeRange';
import { noTimeRange } from './timeRangeFrames';
import { TimeRangeModal } from './TimeRangeModal';

export interface TimeRangeControlProps {
  /** The control's label ("Time Range"), the start of the button's accessible name. */
  label: string;
  value: string;
  isInvalid: boolean;
  onChange: (value: string) => void;
}

/**
 * The `time_range` control: a button showing the range (`Last week`, or a custom range's bounds
 * `2024-01-01 ≤ col < 2024-02-01`) that opens "Edit time range"; Apply sets the value.
 */
export function TimeRangeControl({ label, value, isInvalid, onChange }: TimeRangeControlProps): JSX.Element {
  const [isEditing, setIsEditing] = useState(false);
  const resolved = useResolvedTimeRange(value === noTimeRange ? null : value);
  const resolvedNow = resolved.isPlaceholderData ? undefined : resolved.data;
  const text = timeRangeTriggerText(value, resolvedNow);
  // The tooltip shows what the text does not: the bounds of a named range, the value of a custom one.
  const tooltip = text === value ? (resolvedNow === undefined ? undefined : formatActualTimeRange(resolvedNow)) : value;

  return (
    <>
      <Trigger
        type="button"
        aria-haspopup="dialog"
        aria-label={`${label}: ${text}`}
        aria-invalid={isInvalid}
        title={tooltip}
        data-testid={testIds.explore.timeRangeTrigger}
        onClick={() => setIsEditing(true)}
      >
        <TriggerText>{text}</TriggerText>
        <EditMark aria-hidden>✎</EditMark>
      </Trigger>
      {isEditing && (
        <TimeRangeModal
          value={value}
          onClose={() => setIsEditing(false)}
          onApply={(next) => {
            setIsEditing(false);
            onChange(next);
          }}
        />
      )}
    </>
  );
}

const Trigger = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  width: 100%;
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  text-align: left;
  cursor: pointer;

  &:hover,
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.primary.base};
  }

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error.base};
  }
`;

const TriggerText = styled.span`
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

const EditMark = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;
