import type { JSX } from 'react';
import { IconTooltip } from '@/components/IconTooltip';
import { testIds } from '@/testIds';

export interface CertifiedBadgeProps {
  certifiedBy: string;
  details?: string | null;
}

/** Superset's certified tooltip title: "Certified by Data team". */
export function certifiedByText(certifiedBy: string): string {
  return `Certified by ${certifiedBy}`;
}

/**
 * The certified mark (a check in a seal) in front of a certified metric, as Superset's
 * `CertifiedBadge`: hovering or focusing it shows "Certified by {name}" and the details.
 */
export function CertifiedBadge({ certifiedBy, details = null }: CertifiedBadgeProps): JSX.Element {
  const hasDetails = details !== null && details.trim() !== '';
  return (
    <IconTooltip
      label={certifiedByText(certifiedBy)}
      tone="primary"
      iconTestId={testIds.certifiedBadge.icon}
      tooltipTestId={testIds.certifiedBadge.tooltip}
      icon={
        <>
          <path d="M8 1l1.8 1.3 2.2-.1.7 2.1 1.8 1.3-.7 2.1.7 2.1-1.8 1.3-.7 2.1-2.2-.1L8 15l-1.8-1.3-2.2.1-.7-2.1-1.8-1.3.7-2.1-.7-2.1 1.8-1.3.7-2.1 2.2.1z" />
          <path d="M5.2 8.2l1.9 1.9 3.7-3.8" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
        </>
      }
      tooltip={
        <>
          <strong>{certifiedByText(certifiedBy)}</strong>
          {hasDetails && <div>{details}</div>}
        </>
      }
    />
  );
}
