/**
 * A text of the OpenAPI document (a description, a summary). OpenAPI allows Markdown; of it only `code` spans are
 * drawn (as code), the rest is shown as plain text, so nothing in the document can add markup to the page.
 */
export function InlineText({ text }: { text: string }) {
  return <>{text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}
