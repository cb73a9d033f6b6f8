import { describe, expect, it } from 'vitest';
import { defaultEmbedHeight, defaultEmbedWidth, embedCodeHtml, standaloneChartUrl } from './embedCode';

describe('embed code', () => {
  it('opens the permalink standalone at the chosen height', () => {
    expect(standaloneChartUrl('http://quiver.test/explore/p/abc/', '400')).toBe('http://quiver.test/explore/p/abc/?standalone=1&height=400');
  });

  it("writes Superset's iframe with the width, height and standalone URL", () => {
    expect([defaultEmbedWidth, defaultEmbedHeight]).toEqual(['600', '400']);
    expect(embedCodeHtml('http://quiver.test/explore/p/abc/', '600', '400')).toBe(
      [
        '<iframe',
        '  width="600"',
        '  height="400"',
        '  seamless',
        '  frameBorder="0"',
        '  scrolling="no"',
        '  src="http://quiver.test/explore/p/abc/?standalone=1&height=400"',
        '>',
        '</iframe>',
      ].join('\n'),
    );
  });
});
