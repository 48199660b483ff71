import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';

describe('robots.txt, sitemap.xml and https', () => {
  const t = useTestApp({
    env: {
      PUBLIC_URL: 'https://lumi.example',
      FORCE_HTTPS_HOSTS: 'lumi.example',
      MANAGE_BLOCKED_HOSTS: 'staging.lumi.example',
    },
  });

  it('lists every public page in every locale with its hreflang alternates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'localhost' } });
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(xml).toContain('<loc>https://lumi.example/free-ai-image-generator</loc>');
    expect(xml).toContain('<loc>https://lumi.example/ar/free-ai-image-generator</loc>');
    expect(xml).toContain('hreflang="id" href="https://lumi.example/io/pay-view"');
    expect(xml).toContain('hreflang="x-default" href="https://lumi.example/terms-of-service"');
    expect(xml).not.toContain('manage-character');
    expect(xml).not.toContain('/profile<');
    expect(xml.match(/<url>/g)?.length).toBeGreaterThan(11 * 15);
  });

  it('keeps the API and the management page out, and staging out entirely', async () => {
    const robots = (await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'localhost' } }))
      .body;
    expect(robots).toContain('Disallow: /cgi-bin/');
    expect(robots).toContain('Disallow: /manage-character');
    expect(robots).toContain('Disallow: /ar/manage-character');
    expect(robots).toContain('Sitemap: https://lumi.example/sitemap.xml');
    const staging = await t.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'staging.lumi.example' },
    });
    expect(staging.body).toBe('User-agent: *\nDisallow: /\n');
  });

  it('sends plain http on the production host to https', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/pay-view?x=1',
      headers: { host: 'lumi.example' },
    });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('https://lumi.example/pay-view?x=1');
    const other = await t.app.inject({ method: 'GET', url: '/livez', headers: { host: 'localhost' } });
    expect(other.statusCode).toBe(200);
  });
});
