import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { loadCopySource, type PdfRenderer } from '../pdf';
import { receivedLetters } from '../recommendations';
import { listConvertedDocuments } from './converted-documents';

/** One application's packet as the office downloads it, with its file name and what it holds (for the audit). */
export interface BuiltPacket {
  pdf: Uint8Array;
  fileName: { unicode: string; ascii: string };
  documents: number;
  letters: number;
}

/**
 * The packet of one application: its copy, then each converted document and received letter behind a separator
 * page, in one PDF. The copy leaves out the equality questions: they are for the aggregate reports, never for a
 * reader (issue 47). The console's packet route and the read API's packet.pdf (issue 45) both draw it here; each
 * checks who may see the application and audits the read itself.
 */
export async function buildPacket(
  deps: AppDeps,
  ctx: FormContext,
  renderer: PdfRenderer,
  userId: string,
): Promise<BuiltPacket> {
  const { rows } = await deps.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
  const source = await loadCopySource(
    deps,
    ctx,
    deps.config.tenant,
    { userId, username: rows[0]!.email },
    { withoutEquality: true },
  );
  const documents = await listConvertedDocuments(deps, ctx.form, userId);
  const letters = await receivedLetters(deps, userId, renderer);
  const copy = await renderer.render(source.header, source.pages);
  // pdf-lib loads with the first packet, not with the server.
  const { composePacket } = await import('./packet');
  const pdf = await composePacket(
    copy,
    [
      ...documents,
      ...letters.map((l) => ({
        label: l.title,
        fileName: l.fileName,
        readPdf: l.readPdf,
        kicker: 'Letter of recommendation',
      })),
    ],
    (separators) => renderer.renderSeparators(separators),
  );
  return {
    pdf,
    fileName: {
      unicode: source.fileName.unicode.replace(/^application-/, 'packet-'),
      ascii: source.fileName.ascii.replace(/^application-/, 'packet-'),
    },
    documents: documents.length,
    letters: letters.length,
  };
}
