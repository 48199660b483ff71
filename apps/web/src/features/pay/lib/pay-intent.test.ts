import { afterEach, describe, expect, it } from 'vitest';
import { PAY_INTENT_KEY, PAY_INTENT_TTL_MS, savePayIntent, takePayIntent } from './pay-intent';

describe('pay intent', () => {
  afterEach(() => window.sessionStorage.clear());

  it('comes back once, with the plan and the method', () => {
    savePayIntent({ plan: 'week', method: 'card' }, 1_000);
    expect(takePayIntent(2_000)).toEqual({ plan: 'week', method: 'card' });
    expect(takePayIntent(2_000)).toBeNull();
  });

  it('is forgotten when stale', () => {
    savePayIntent({ plan: 'year', method: 'crypto' }, 1_000);
    expect(takePayIntent(1_000 + PAY_INTENT_TTL_MS + 1)).toBeNull();
    expect(window.sessionStorage.getItem(PAY_INTENT_KEY)).toBeNull();
  });

  it('ignores what names no plan on sale or no method, and what is not JSON', () => {
    window.sessionStorage.setItem(PAY_INTENT_KEY, JSON.stringify({ plan: 'forever', method: 'card', at: 1 }));
    expect(takePayIntent(2)).toBeNull();
    window.sessionStorage.setItem(PAY_INTENT_KEY, JSON.stringify({ plan: 'week', method: 'cash', at: 1 }));
    expect(takePayIntent(2)).toBeNull();
    window.sessionStorage.setItem(PAY_INTENT_KEY, '{not json');
    expect(takePayIntent(2)).toBeNull();
  });
});
