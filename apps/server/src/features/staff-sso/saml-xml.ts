import { DOMParser } from '@xmldom/xmldom';

/**
 * The XML of SAML messages and metadata, parsed with the DOM parser node-saml itself uses: no external entity is
 * ever fetched. Undefined when it is not well-formed (xmldom's complaints are answers here, never console lines).
 */
export function parseXml(text: string): { doc: Document | undefined; problem: string | undefined } {
  let problem: string | undefined;
  const note = (message: unknown) => (problem ??= String(message).split('\n')[0]);
  const doc = new DOMParser({ errorHandler: { warning: () => {}, error: note, fatalError: note } }).parseFromString(
    text,
    'text/xml',
  );
  return { doc: problem || !doc?.documentElement ? undefined : doc, problem: problem ?? undefined };
}

/** The element's own children of this namespace and name (not deeper ones: a wrapped copy is not the element). */
export function childrenNamed(parent: Element, namespace: string, localName: string): Element[] {
  const found: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    const e = n as Element;
    if (n.nodeType === 1 && e.namespaceURI === namespace && e.localName === localName) found.push(e);
  }
  return found;
}
