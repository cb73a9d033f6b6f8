import { describe, expect, it } from 'vitest';
import type { CommonConf } from '@/api/generated/CommonConf';
import { dashboardInfoOf, readDashboardMetadata } from './dashboardInfo';

const conf: CommonConf = { SUPERSET_WEBSERVER_TIMEOUT: 60, ESCAPE_MARKDOWN_HTML: false, SLACK_ENABLE_AVATARS: false, DASHBOARD_RBAC: true, CONFIRM_DASHBOARD_DIFF: false };

describe('dashboard info', () => {
  it('holds the id, the parsed metadata with its native filters, and common.conf', () => {
    const filter = { id: 'NATIVE_FILTER-a', name: 'State', scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: [1], tabsInScope: [] };
    const info = dashboardInfoOf({ id: 4, json_metadata: JSON.stringify({ native_filter_configuration: [filter], refresh_frequency: 30 }) }, conf);
    expect(info.id).toBe(4);
    expect(info.metadata.native_filter_configuration?.map((item) => [item.id, item.chartsInScope, item.tabsInScope])).toEqual([['NATIVE_FILTER-a', [1], []]]);
    expect(info.metadata.refresh_frequency).toBe(30);
    expect(info.common.conf.DASHBOARD_RBAC).toBe(true);
  });

  it('reads absent or unreadable metadata as empty', () => {
    expect(readDashboardMetadata(null)).toEqual({});
    expect(readDashboardMetadata('{')).toEqual({});
    expect(readDashboardMetadata('[1]')).toEqual({});
  });
});
