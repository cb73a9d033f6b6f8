import { createBrowserRouter, Navigate } from 'react-router';
import { AuthenticatedLayout } from '@/features/auth/AuthenticatedLayout';
import { LoginPage } from '@/features/auth/LoginPage';
import { welcomePagePath } from '@/features/auth/api';
import { WelcomePage } from '@/features/home/WelcomePage';
import { NotFoundPage } from './NotFoundPage';
import { RedirectKeepingQuery } from './RedirectKeepingQuery';

/** The app's routes; the Rust server answers every other path with index.html. */
export function createAppRouter(): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter([
    { path: '/login', element: <LoginPage /> },
    {
      element: <AuthenticatedLayout />,
      children: [
        { path: '/', element: <Navigate to={welcomePagePath} replace /> },
        { path: '/superset/welcome', element: <WelcomePage /> },
        {
          path: '/explore',
          // Explore brings Arrow, the charts and the Wasm core: its own chunk, loaded on first visit.
          lazy: async () => ({ Component: (await import('@/features/explore/ExplorePage')).ExplorePage }),
        },
        {
          path: '/explore/p/:permalinkKey',
          lazy: async () => ({ Component: (await import('@/features/explore/ExplorePage')).ExplorePage }),
        },
        // Superset 6's legacy SQL Lab paths redirect to the current ones, query string kept.
        { path: '/superset/sqllab', element: <RedirectKeepingQuery to="/sqllab/" /> },
        { path: '/superset/sqllab/history', element: <RedirectKeepingQuery to="/sqllab/history/" /> },
        {
          // The Query history list (Superset 6's `QueryList`): each run opens in SQL Lab.
          path: '/sqllab/history',
          lazy: async () => ({ Component: (await import('@/features/queryHistoryList/QueryHistoryListPage')).QueryHistoryListPage }),
        },
        {
          // `/sqllab/p/{key}` opens a permalink on the same page (issue #7).
          path: '/sqllab/*',
          // SQL Lab brings CodeMirror: its own chunk, loaded on first visit (issue #7).
          lazy: async () => ({ Component: (await import('@/features/sqllab/SqlLabPage')).SqlLabPage }),
        },
        // Dashboards: their own chunk, like Explore.
        {
          path: '/superset/dashboard/p/:key',
          lazy: async () => ({ Component: (await import('@/features/dashboard/DashboardPermalinkPage')).DashboardPermalinkPage }),
        },
        {
          // "+ Dashboard": creates an untitled dashboard and opens it in edit mode.
          path: '/dashboard/new',
          lazy: async () => ({ Component: (await import('@/features/dashboard/NewDashboardPage')).NewDashboardPage }),
        },
        {
          path: '/superset/dashboard/:idOrSlug',
          lazy: async () => ({ Component: (await import('@/features/dashboard/DashboardPage')).DashboardPage }),
        },
        {
          path: '/dashboard/:idOrSlug',
          lazy: async () => ({ Component: (await import('@/features/dashboard/DashboardPage')).DashboardPage }),
        },
        // Chart list (issue #8): its own chunk.
        {
          path: '/chart/list',
          lazy: async () => ({ Component: (await import('@/features/chartList/ChartListPage')).ChartListPage }),
        },
        {
          path: '/dashboard/list',
          lazy: async () => ({ Component: (await import('@/features/dashboardList/DashboardListPage')).DashboardListPage }),
        },
        {
          path: '/tablemodelview/list',
          lazy: async () => ({ Component: (await import('@/features/datasetList/DatasetListPage')).DatasetListPage }),
        },
        {
          path: '/savedqueryview/list',
          lazy: async () => ({ Component: (await import('@/features/savedQueryList/SavedQueryListPage')).SavedQueryListPage }),
        },
        {
          path: '/databaseview/list',
          lazy: async () => ({ Component: (await import('@/features/databaseList/DatabaseListPage')).DatabaseListPage }),
        },
        // Annotation layers and their annotations (Superset's routes): their own chunk.
        {
          path: '/annotationlayer/list',
          lazy: async () => ({ Component: (await import('@/features/annotationLayers/AnnotationLayerListPage')).AnnotationLayerListPage }),
        },
        {
          path: '/annotationlayer/:layerId/annotation',
          lazy: async () => ({ Component: (await import('@/features/annotationLayers/AnnotationListPage')).AnnotationListPage }),
        },
        // Alerts and reports (issue #8): their own chunk.
        {
          path: '/report/list',
          lazy: async () => ({ Component: (await import('@/features/reports/ReportListPage')).ReportListPage }),
        },
        {
          path: '/report/:reportId/log',
          lazy: async () => ({ Component: (await import('@/features/reports/ExecutionLogPage')).ExecutionLogPage }),
        },
        {
          path: '/alert/:reportId/log',
          lazy: async () => ({ Component: (await import('@/features/reports/ExecutionLogPage')).ExecutionLogPage }),
        },
        // Datasets (issue #8)
        {
          path: '/dataset/add',
          lazy: async () => ({ Component: (await import('@/features/datasets/DatasetAddPage')).DatasetAddPage }),
        },
        // Tags (issue #8): their own chunk.
        {
          path: '/superset/tags',
          lazy: async () => ({ Component: (await import('@/features/tags/TagListPage')).TagListPage }),
        },
        {
          path: '/superset/all_entities',
          lazy: async () => ({ Component: (await import('@/features/tags/AllEntitiesPage')).AllEntitiesPage }),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
