/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working under tsx whatever tsconfig it finds (see application-pdf.tsx).
import { Document, Page, renderToBuffer, StyleSheet, Text } from '@react-pdf/renderer';
import { COPY_FONT_FAMILIES, registerCopyFonts } from './copy-fonts';

registerCopyFonts();

/** The page in front of one part of the office's packet: what follows, and from which file. */
export interface Separator {
  /** The small line above the label. */
  kicker: string;
  label: string;
  fileName: string;
  /** Said in red when the part could not be included. */
  note: string;
}

const styles = StyleSheet.create({
  page: { paddingTop: 144, paddingHorizontal: 72, fontFamily: COPY_FONT_FAMILIES, fontSize: 12, color: '#1a1a1a' },
  kicker: { color: '#4d4d4d' },
  label: { lineHeight: 1.3, marginTop: 14, marginBottom: 14, fontSize: 20, fontWeight: 'bold' },
  note: { marginTop: 12, color: '#990000' },
});

/**
 * One page a separator, in the copy's fonts: a label or file name in any
 * script (an applicant's file, a recommender's name) reads as it was written.
 * All of a packet's separators are drawn as one document, so the font
 * subsets are embedded once and copied once into the packet.
 */
export function renderSeparatorsPdf(separators: readonly Separator[]): Promise<Buffer> {
  return renderToBuffer(
    <Document title="Separators" language="en-US">
      {separators.map((separator, i) => (
        // wrap={false}: exactly one page a separator, which the packet counts on.
        <Page key={i} size="LETTER" style={styles.page} wrap={false}>
          <Text style={styles.kicker}>{separator.kicker}</Text>
          <Text style={styles.label}>{separator.label}</Text>
          <Text>File: {separator.fileName}</Text>
          {separator.note !== '' && <Text style={styles.note}>{separator.note}</Text>}
        </Page>
      ))}
    </Document>,
  );
}
