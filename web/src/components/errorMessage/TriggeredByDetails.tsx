import type { JSX } from 'react';
import type { IssueCode } from '@/api/generated/IssueCode';
import { isVisualizationSource, type ErrorSource } from './errorSource';

export const triggeredByText = 'This may be triggered by:';

/** Superset's plural pair: one owner or several. */
export function reachOutText(ownerCount: number): string {
  return ownerCount === 1
    ? 'Please reach out to the Chart Owner for assistance.'
    : 'Please reach out to the Chart Owners for assistance.';
}

export function chartOwnersText(ownerNames: readonly string[]): string {
  const label = ownerNames.length === 1 ? 'Chart Owner' : 'Chart Owners';
  return `${label}: ${ownerNames.join(', ')}`;
}

export interface TriggeredByDetailsProps {
  /** The server's issue codes; each message already reads "Issue 1002 - ...". */
  issueCodes: readonly IssueCode[];
  source: ErrorSource;
  /** The chart's owners; named only on a dashboard or in Explore (spec 001 §6). */
  ownerNames: readonly string[];
}

function isOwnerShown(source: ErrorSource, ownerNames: readonly string[]): boolean {
  return isVisualizationSource(source) && ownerNames.length > 0;
}

/** Whether there is anything to put behind "See more": issue codes, or owners to name here. */
export function hasTriggeredByDetails({ issueCodes, source, ownerNames }: TriggeredByDetailsProps): boolean {
  return issueCodes.length > 0 || isOwnerShown(source, ownerNames);
}

/**
 * The details of a database or timeout error: "This may be triggered by:" with the issue codes,
 * then the chart owners to contact.
 */
export function TriggeredByDetails({ issueCodes, source, ownerNames }: TriggeredByDetailsProps): JSX.Element {
  return (
    <>
      {issueCodes.length > 0 && (
        <p>
          {triggeredByText}
          {issueCodes.map((issueCode) => (
            <span key={issueCode.code} data-issue-code={issueCode.code}>
              <br />
              {issueCode.message}
            </span>
          ))}
        </p>
      )}
      {isOwnerShown(source, ownerNames) && (
        <>
          <p>{reachOutText(ownerNames.length)}</p>
          <p>{chartOwnersText(ownerNames)}</p>
        </>
      )}
    </>
  );
}
