/** The one call of fontkit (react-pdf's font engine) that fontkit-font-class.ts makes: a font to find the class of. */
declare module 'fontkit' {
  export function openSync(path: string): object;
}
