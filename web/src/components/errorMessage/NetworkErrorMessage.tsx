import type { JSX } from 'react';
import type { ErrorItem } from '@/api/generated/ErrorItem';
import { ErrorAlert } from './ErrorAlert';

export const networkErrorTitle = 'Network Error';

/** 'Network Error' (spec 001 §8): the request never got an answer (offline, refused). */
export function NetworkErrorMessage({ error }: { error: ErrorItem }): JSX.Element {
  return <ErrorAlert display="network" level={error.level} title={networkErrorTitle} message={error.message} />;
}
