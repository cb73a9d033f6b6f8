import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useToasts } from '@/components/toastContext';
import { forwardedSearch } from './pageParams';
import { openedQueryOf, openFailedMessage, permalinkKeyOfSubPath, requestedQueryFromUrl } from './requestedQuery';
import type { EditorTabs } from './useEditorTabs';

/**
 * Opens, once the tabs are loaded, the query the URL asks for (a saved query, a permalink, a
 * chart's datasource and SQL, or a database and SQL) in a new tab, then clears SQL Lab's own
 * parameters from the URL.
 */
export function useOpenQueryFromUrl(editorTabs: EditorTabs): void {
  const [searchParams] = useSearchParams();
  const subPath = useParams()['*'] ?? '';
  const navigate = useNavigate();
  const { addToast } = useToasts();
  const isOpened = useRef(false);
  const { mode, state, addWithQuery } = editorTabs;

  useEffect(() => {
    if (mode === 'loading' || isOpened.current) return;
    isOpened.current = true;
    const request = requestedQueryFromUrl(searchParams, permalinkKeyOfSubPath(subPath));
    if (request === null) return;
    openedQueryOf(request, state.tabs)
      .then(addWithQuery)
      .catch(() => addToast('danger', openFailedMessage(request)));
    // SQL Lab's own parameters leave the URL; the others stay for the templates' `url_param()`.
    void navigate(`/sqllab/${forwardedSearch(searchParams.toString())}`, { replace: true });
  }, [mode, searchParams, subPath, state.tabs, addWithQuery, addToast, navigate]);
}
