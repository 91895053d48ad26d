/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working under tsx whatever tsconfig it finds (see application-pdf.tsx).
import { Document, Page, renderToBuffer, StyleSheet, Text } from '@react-pdf/renderer';
import { COPY_FONT_FAMILIES, registerCopyFonts } from './copy-fonts';

registerCopyFonts();

/** A letter a recommender wrote in the text box of the recommendation page. */
export interface WrittenLetter {
  title: string;
  /** The day it arrived, in the institution's zone, as formatDateInZone writes it; empty when unknown. */
  receivedOn: string;
  text: string;
}

const styles = StyleSheet.create({
  page: { padding: 72, fontFamily: COPY_FONT_FAMILIES, fontSize: 11, color: '#1a1a1a' },
  title: { lineHeight: 1.35, fontSize: 13, fontWeight: 'bold' },
  received: { lineHeight: 1.35, marginTop: 2, marginBottom: 14, color: '#555555' },
  paragraph: { lineHeight: 1.35 },
});

/**
 * The letter as the recommender typed it, line by line (an empty line stays
 * one), in the copy's fonts: a recommender writes an applicant's name in its
 * own script, and the packet must show every character of it.
 */
export function renderWrittenLetterPdf(letter: WrittenLetter): Promise<Buffer> {
  return renderToBuffer(
    <Document title={letter.title} language="en-US">
      <Page size="LETTER" style={styles.page}>
        <Text style={styles.title}>{letter.title}</Text>
        {letter.receivedOn !== '' && <Text style={styles.received}>Received {letter.receivedOn}</Text>}
        {letter.text.split('\n').map((line, i) => (
          <Text key={i} style={styles.paragraph}>
            {line === '' ? ' ' : line}
          </Text>
        ))}
      </Page>
    </Document>,
  );
}
