import { describe, expect, it } from 'vitest';
import { absoluteUrl, downloadName, shareTargets, TOOL_ROUTES } from './share-links';

describe('share links', () => {
  it('encode the page and the text for X and Facebook', () => {
    const url = 'https://lumi.example/fr/share/abc123';
    const { x, facebook } = shareTargets(url, 'Made with Lumi & co');
    expect(x).toBe(
      'https://twitter.com/intent/tweet?url=https%3A%2F%2Flumi.example%2Ffr%2Fshare%2Fabc123&text=Made%20with%20Lumi%20%26%20co',
    );
    expect(facebook).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Flumi.example%2Ffr%2Fshare%2Fabc123',
    );
  });

  it('make absolute addresses and download names', () => {
    expect(absoluteUrl('/ar/share/ff00', 'http://127.0.0.1:8080')).toBe(
      'http://127.0.0.1:8080/ar/share/ff00',
    );
    expect(downloadName('anime', 'job-1', 0)).toBe('anime-job-1-1.webp');
  });

  it('map tools to their pages', () => {
    expect(TOOL_ROUTES).toEqual({
      image: 'imageGenerator',
      anime: 'animeGenerator',
      girl: 'girlGenerator',
      tattoo: 'tattooGenerator',
    });
  });
});
