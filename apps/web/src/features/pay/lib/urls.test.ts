import { describe, expect, it } from 'vitest';
import { checkoutTarget, pricingReturnHref } from './urls';

const ORIGIN = 'https://lumi.test';

describe('checkoutTarget', () => {
  it('leaves a provider page as it is', () => {
    const stripe = 'https://checkout.stripe.com/c/pay/cs_test_a1';
    expect(checkoutTarget(stripe, 'fr', ORIGIN)).toBe(stripe);
  });
  it('puts the test checkout in the visitor’s language', () => {
    expect(checkoutTarget('/pay-test-checkout?order=abc', 'ar', ORIGIN)).toBe(
      '/ar/pay-test-checkout?order=abc',
    );
    expect(checkoutTarget('/ar/pay-test-checkout?order=abc', 'ar', ORIGIN)).toBe(
      '/ar/pay-test-checkout?order=abc',
    );
    expect(checkoutTarget('/pay-test-checkout?order=abc', 'en', ORIGIN)).toBe('/pay-test-checkout?order=abc');
    expect(checkoutTarget(`${ORIGIN}/pay-test-checkout?order=abc`, 'kr', ORIGIN)).toBe(
      '/kr/pay-test-checkout?order=abc',
    );
  });
  it('leaves paths that are no page of the site alone', () => {
    expect(checkoutTarget('/cgi-bin/pay/go?x=1', 'fr', ORIGIN)).toBe('/cgi-bin/pay/go?x=1');
  });
});

describe('return links', () => {
  it('carry the order in the query, locale-prefixed', () => {
    expect(pricingReturnHref('en', 'order', 'o-1')).toBe('/pay-view?order=o-1');
    expect(pricingReturnHref('ja', 'canceled', 'o-1')).toBe('/ja/pay-view?canceled=o-1');
    expect(pricingReturnHref('vi', 'order', 'o 2')).toBe('/vi/pay-view?order=o+2');
  });
});
