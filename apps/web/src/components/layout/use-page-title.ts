import { useLayoutEffect } from 'react';
import { APP_TITLE } from './app-title';

/**
 * Sets the document title to '{page} - Application for Admission' (WCAG 2.4.2).
 * The title is set directly rather than with a React <title> element, because
 * index.html already has one and the browser reads the first.
 */
export function usePageTitle(page: string): void {
  // A layout effect, so the title changes in the same commit as the page.
  useLayoutEffect(() => {
    document.title = `${page} - ${APP_TITLE}`;
  }, [page]);
}
