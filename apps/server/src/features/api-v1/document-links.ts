import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed download link of one document (issue 45): GET /api/v1/applications/{id}/documents/{answer_key}/
 * download?token=&expires=&signature=, valid 5 minutes, opened with no bearer token (a student-record system hands
 * such links to whatever fetches its files). The signature (the server's secret key) covers the application, the
 * document's question, the token that asked for it and the expiry; the download also checks that this token still
 * stands, so revoking a token ends its links too. The caller never reaches storage: the embedded store has no
 * signed URLs of its own, and one way serves both stores, with the audit row of every download.
 */
export const DOCUMENT_LINK_SECONDS = 5 * 60;

export interface DocumentLink {
  applicationId: string;
  answerKey: string;
  tokenId: string;
  /** Seconds since the epoch. */
  expires: number;
}

const signatureOf = (secretKey: string, link: DocumentLink) =>
  createHmac('sha256', secretKey)
    .update(['api-v1-download', link.applicationId, link.answerKey, link.tokenId, String(link.expires)].join('\0'))
    .digest();

/** The link's path and query, under /api/v1. */
export function documentLinkPath(secretKey: string, link: DocumentLink): string {
  const query = new URLSearchParams({
    token: link.tokenId,
    expires: String(link.expires),
    signature: signatureOf(secretKey, link).toString('base64url'),
  });
  return `/api/v1/applications/${link.applicationId}/documents/${encodeURIComponent(link.answerKey)}/download?${query}`;
}

/** Whether we signed this link and it has not expired at `now` (else the caller gets a 404). */
export function isDocumentLinkValid(secretKey: string, link: DocumentLink, signature: string, now: Date): boolean {
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(secretKey, link);
  return given.length === expected.length && timingSafeEqual(given, expected) && link.expires * 1000 > now.getTime();
}
