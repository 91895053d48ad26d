/**
 * The way out to the payment provider's hosted page (issue 43): card data never touches the product. An object,
 * so that a test can watch the page leave without a browser to leave it.
 */
export const provider = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/** The fee whose payment this tab started, read on the return to say which fee the server's answer is about. */
const PURPOSE_KEY = 'payments:checkout-purpose';

export function rememberCheckout(purpose: string): void {
  try {
    sessionStorage.setItem(PURPOSE_KEY, purpose);
  } catch {
    // Storage refused (a private window): the return then speaks of every fee.
  }
}

export function takeCheckoutPurpose(): string | null {
  try {
    const purpose = sessionStorage.getItem(PURPOSE_KEY);
    sessionStorage.removeItem(PURPOSE_KEY);
    return purpose;
  } catch {
    return null;
  }
}
