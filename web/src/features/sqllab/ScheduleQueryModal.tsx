import { useState, type JSX } from 'react';
import type { SavedQueryPayload } from '@/api/generated/SavedQueryPayload';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import type { QueryEditorTab } from './editorTabs';
import { FormRow, FormRowError, NameAndDescriptionRows } from './QueryFormRows';
import { createSavedQuery } from './stateApi';

/** Spec 002 section 8's toast of a failed schedule, with Superset's success text. */
export const scheduleQueryMessages = {
  scheduled: 'Your query has been scheduled. To see details of your query, navigate to Saved queries',
  scheduleFailed: 'Your query could not be scheduled',
  /** Superset's tooltips of the Schedule button. */
  canSchedule: 'Schedule the query periodically',
  mustRunFirst: 'You must run the query successfully first',
  endBeforeStart: 'End date cannot be before start date',
} as const;

/** The schedule a query is stored with (`extra_json.schedule_info`), Superset's documented form. */
export interface ScheduleInfo {
  output_table: string;
  /** ISO 8601 date-times. */
  start_date: string;
  end_date: string;
  schedule_interval: string;
}

/** `datetime-local` text of a moment, in the browser's time zone. */
function localDateTimeText(moment: Date): string {
  const two = (value: number): string => String(value).padStart(2, '0');
  return `${moment.getFullYear()}-${two(moment.getMonth() + 1)}-${two(moment.getDate())}T${two(moment.getHours())}:${two(moment.getMinutes())}`;
}

/** Superset's defaults: start 'tomorrow at 9am', end '9am in 30 days'. */
export function defaultScheduleDates(now: Date): { start: string; end: string } {
  const at9 = (days: number): Date => new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, 9, 0);
  return { start: localDateTimeText(at9(1)), end: localDateTimeText(at9(30)) };
}

/**
 * The `POST /api/v1/saved_query/` body that schedules a tab's query: its label, description,
 * database, schema and SQL, and the schedule as `{"schedule_info": ...}` in `extra_json`
 * (Superset's `ScheduleQueryButton`).
 */
export function scheduledQueryPayload(
  tab: Pick<QueryEditorTab, 'sql' | 'schema' | 'catalog'>,
  databaseId: number,
  label: string,
  description: string,
  scheduleInfo: ScheduleInfo,
): SavedQueryPayload {
  return {
    label,
    description,
    db_id: databaseId,
    catalog: tab.catalog ?? undefined,
    schema: tab.schema ?? undefined,
    sql: tab.sql,
    extra_json: JSON.stringify({ schedule_info: scheduleInfo }),
  };
}

export interface ScheduleQueryModalProps {
  tab: QueryEditorTab;
  databaseId: number;
  onClose: () => void;
  /** The current time, for the default dates. */
  now?: Date;
}

/**
 * 'Schedule query': a label, a description and when the query runs (output table, start and end
 * dates, interval), stored as a saved query. A failure toasts 'Your query could not be scheduled'.
 */
export function ScheduleQueryModal({ tab, databaseId, onClose, now = new Date() }: ScheduleQueryModalProps): JSX.Element {
  const [defaults] = useState(() => defaultScheduleDates(now));
  const [label, setLabel] = useState(tab.name);
  const [description, setDescription] = useState('');
  const [outputTable, setOutputTable] = useState('');
  const [startDate, setStartDate] = useState(defaults.start);
  const [endDate, setEndDate] = useState(defaults.end);
  const [scheduleInterval, setScheduleInterval] = useState('');
  const [isSending, setIsSending] = useState(false);
  const { addToast } = useToasts();

  const start = new Date(startDate);
  const end = new Date(endDate);
  const areDatesValid = !Number.isNaN(start.getTime()) && !Number.isNaN(end.getTime());
  const isEndBeforeStart = areDatesValid && end.getTime() < start.getTime();

  function schedule(): void {
    const scheduleInfo: ScheduleInfo = {
      output_table: outputTable.trim(),
      start_date: start.toISOString(),
      end_date: end.toISOString(),
      schedule_interval: scheduleInterval.trim(),
    };
    setIsSending(true);
    createSavedQuery(scheduledQueryPayload(tab, databaseId, label.trim(), description, scheduleInfo))
      .then(() => {
        addToast('success', scheduleQueryMessages.scheduled);
        onClose();
      })
      .catch(() => {
        addToast('danger', scheduleQueryMessages.scheduleFailed);
        setIsSending(false);
      });
  }

  const footer = (
    <>
      <Button $variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button
        $variant="primary"
        data-testid={testIds.sqlLab.scheduleQuerySubmit}
        disabled={isSending || label.trim() === '' || !areDatesValid || isEndBeforeStart}
        onClick={schedule}
      >
        Submit
      </Button>
    </>
  );

  return (
    <Modal title="Schedule query" testId={testIds.sqlLab.scheduleQueryModal} footer={footer} onClose={onClose}>
      <NameAndDescriptionRows
        nameTitle="Label"
        name={label}
        onNameChange={setLabel}
        nameTestId={testIds.sqlLab.scheduleQueryLabel}
        namePlaceholder="Label for your query"
        description={description}
        onDescriptionChange={setDescription}
        descriptionTestId={testIds.sqlLab.scheduleQueryDescription}
        descriptionRows={3}
        descriptionPlaceholder="Write a description for your query"
      />
      <FormRow>
        Output table name
        <input data-testid={testIds.sqlLab.scheduleQueryOutputTable} value={outputTable} onChange={(event) => setOutputTable(event.target.value)} />
      </FormRow>
      <FormRow>
        Start date
        <input
          type="datetime-local"
          data-testid={testIds.sqlLab.scheduleQueryStart}
          value={startDate}
          onChange={(event) => setStartDate(event.target.value)}
        />
      </FormRow>
      <FormRow>
        End date
        <input type="datetime-local" data-testid={testIds.sqlLab.scheduleQueryEnd} value={endDate} onChange={(event) => setEndDate(event.target.value)} />
        {isEndBeforeStart && <FormRowError role="alert">{scheduleQueryMessages.endBeforeStart}</FormRowError>}
      </FormRow>
      <FormRow>
        Schedule interval
        <input
          data-testid={testIds.sqlLab.scheduleQueryInterval}
          placeholder="@daily"
          value={scheduleInterval}
          onChange={(event) => setScheduleInterval(event.target.value)}
        />
      </FormRow>
    </Modal>
  );
}
