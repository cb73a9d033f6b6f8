import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExploreFormData } from '../exploreFormData';
import { chartEmailHref, shareExploreChartByEmail, shareFailedMessage } from './shareChartByEmail';

const permalinkMock = vi.fn<(formData: ExploreFormData) => Promise<{ key: string; url: string }>>();
vi.mock('../exploreStateApi', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  createExplorePermalink: (formData: ExploreFormData) => permalinkMock(formData),
}));

const formData = { datasource: '3__table', viz_type: 'pie', groupby: ['gender'], slice_id: 12 } as unknown as ExploreFormData;

beforeEach(() => {
  permalinkMock.mockReset();
});

describe("Explore's Share > Share chart by email", () => {
  it("opens a mail with Superset's subject and the chart's permalink", async () => {
    permalinkMock.mockResolvedValue({ key: 'k9', url: 'http://quiver.test/superset/explore/p/k9/' });
    const opened: string[] = [];
    const addToast = vi.fn();
    await shareExploreChartByEmail(formData, addToast, (href) => opened.push(href));
    expect(permalinkMock).toHaveBeenCalledOnce();
    expect(permalinkMock.mock.calls[0]?.[0]).toMatchObject({ datasource: '3__table', viz_type: 'pie', groupby: ['gender'] });
    expect(opened).toEqual(['mailto:?Subject=Superset%20chart%20&Body=Check%20out%20this%20chart%3A%20http%3A%2F%2Fquiver.test%2Fsuperset%2Fexplore%2Fp%2Fk9%2F']);
    expect(opened[0]).toBe(chartEmailHref('http://quiver.test/superset/explore/p/k9/'));
    expect(addToast).not.toHaveBeenCalled();
  });

  it("toasts Superset's failure text and opens nothing when the permalink fails", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    permalinkMock.mockRejectedValue(new Error('Forbidden'));
    const opened: string[] = [];
    const addToast = vi.fn();
    await shareExploreChartByEmail(formData, addToast, (href) => opened.push(href));
    expect(opened).toEqual([]);
    expect(addToast).toHaveBeenCalledWith('danger', shareFailedMessage);
    expect(shareFailedMessage).toBe('Sorry, something went wrong. Try again later.');
  });
});
