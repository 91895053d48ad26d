/** The product's title: shown in the header and ending every page's <title>. */
export const APP_TITLE = 'Application for Admission';
