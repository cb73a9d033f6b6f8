import { useEffect } from 'react';

export interface CommittedSignalProps {
  /** A new value is a new commit to report. */
  commitKey: unknown;
  onCommitted: () => void;
}

/**
 * Calls `onCommitted` from a passive effect: after every layout effect of the commit and after the
 * effects of the siblings placed before it. After a chart's renderer it says the drawing is on the
 * page; a renderer that throws never reaches it.
 */
export function CommittedSignal({ commitKey, onCommitted }: CommittedSignalProps): null {
  useEffect(() => {
    onCommitted();
  }, [commitKey, onCommitted]);
  return null;
}
