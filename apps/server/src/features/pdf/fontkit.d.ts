/** The one call of fontkit (react-pdf's font engine) that shaping-cache.ts makes: a font to find the class of. */
declare module 'fontkit' {
  export function openSync(path: string): object;
}
