import type { JSX } from 'react';
import type { ErrorItem } from '@/api/generated/ErrorItem';
import { ErrorAlert } from './ErrorAlert';

export const missingDatasetTitle = 'Missing dataset';

/** 'Missing dataset' (spec 001 §8): the chart's dataset was deleted or is not found. */
export function DatasetNotFoundErrorMessage({ error }: { error: ErrorItem }): JSX.Element {
  return <ErrorAlert display="missing-dataset" level={error.level} title={missingDatasetTitle} message={error.message} />;
}
