import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, safeHref } from './markdown-render';

const html = (text: string) =>
  render(<div>{renderMarkdown(text)}</div>).container.firstElementChild!.innerHTML;

describe('chat Markdown', () => {
  it('renders role-play actions, bold, code and paragraphs', () => {
    const out = html('*waves* and **grins**\nsecond line\n\nNext `a<b` here');
    expect(out).toContain('<em class="text-muted italic">waves</em>');
    expect(out).toContain('<strong class="text-fg font-semibold">grins</strong>');
    expect(out).toContain('second line');
    expect(out).toContain('<code class="bg-bg/50 rounded px-1 py-0.5 font-mono text-[0.85em]">a&lt;b</code>');
    expect(out.match(/<p /g)).toHaveLength(2);
  });

  it('renders lists, quotes, code blocks, headings and rules', () => {
    const out = html('# Title\n\n- one\n- *two*\n\n3. three\n\n> quoted\n\n```js\nif (a < b) {}\n```\n\n---');
    expect(out).toContain('<p class="font-bold">Title</p>');
    expect(out).toMatch(/<ul[^>]*>\n<li[^>]*>one<\/li>\n<li[^>]*><em[^>]*>two<\/em><\/li>\n<\/ul>/);
    expect(out).toContain('<ol start="3"');
    expect(out).toMatch(/<blockquote[^>]*>\n<p[^>]*>quoted<\/p>\n<\/blockquote>/);
    expect(out).toContain('<pre dir="ltr"');
    expect(out).toContain('if (a &lt; b) {}');
    expect(out).toContain('<hr');
  });

  it('never renders HTML or images, and keeps only safe links', () => {
    const out = html(
      '<img src=x onerror=alert(1)> <b>bold?</b> ![pixel](https://t.example/p.png) [ok](https://a.example) [bad](javascript:alert(1)) &amp;',
    );
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<b>');
    expect(out).toContain('&lt;b&gt;bold?&lt;/b&gt;');
    expect(out).toContain('href="https://a.example"');
    expect(out).toContain('rel="noopener noreferrer nofollow ugc"');
    expect(out).not.toContain('javascript:');
    expect(out).toContain('<span>bad</span>');
    expect(out).toContain(' &amp;');
    expect(out).not.toContain('&amp;amp;');
  });

  it('allows relative and common protocols only', () => {
    expect(safeHref('/path?x=1')).toBe('/path?x=1');
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeHref('HTTPS://x')).toBe('HTTPS://x');
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('vbscript:x')).toBeNull();
  });
});

describe('chat Markdown text', () => {
  it('keeps a line break between paragraphs, as the message text has', () => {
    const view = render(<div>{renderMarkdown('He nods. "Yes."\n\n"Tell me more."')}</div>);
    expect(view.container.textContent).toBe('He nods. "Yes."\n"Tell me more."');
  });
});
