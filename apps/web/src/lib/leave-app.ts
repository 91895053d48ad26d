/**
 * A move out of the app to a page the server draws (a single sign-on provider's login or logout, issue 44): the
 * browser loads it, unlike a route. An object, so that a test can watch the app leave without a browser to leave.
 */
export const leaveApp = {
  go(url: string): void {
    window.location.assign(url);
  },
};
