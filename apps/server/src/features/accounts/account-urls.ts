/** Links in e-mails are built from PUBLIC_URL, never from the request's Host header. */
export function accountUrls(publicUrl: URL) {
  const at = (pathname: string) => new URL(pathname, publicUrl).toString();
  return {
    login: at('/login'),
    forgot: at('/forgot'),
    reset: (username: string, id: string) => {
      const url = new URL('/reset', publicUrl);
      url.searchParams.set('username', username);
      url.searchParams.set('id', id);
      return url.toString();
    },
  };
}
