/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working under tsx whatever tsconfig it finds (see application-pdf.tsx).
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { COPY_FONT_FAMILIES, registerCopyFonts } from './copy-fonts';

registerCopyFonts();

/** A decision letter as the college sends it (issue 41): on its letterhead, dated, addressed and signed. */
export interface DecisionLetter {
  /** The document's title: the institution and the decision. */
  title: string;
  institution: string;
  addressLines: readonly string[];
  /** The day of the release, in words in the institution's zone. */
  date: string;
  /** The applicant's full name, then their mailing address. */
  recipient: readonly string[];
  /** What the letter is about: the program, the term and its first day. */
  subject: string;
  /** The letter's text: paragraphs apart by a blank line, conditions and reasons as bullets. */
  text: string;
  signature: { name: string; title: string } | null;
}

const styles = StyleSheet.create({
  page: { padding: 72, fontFamily: COPY_FONT_FAMILIES, fontSize: 11, color: '#1a1a1a', lineHeight: 1.35 },
  letterhead: { borderBottom: '1pt solid #1a1a1a', paddingBottom: 8, marginBottom: 18 },
  institution: { fontSize: 15, fontWeight: 'bold' },
  muted: { color: '#444444' },
  block: { marginBottom: 14 },
  subject: { fontWeight: 'bold', marginBottom: 12 },
  line: {},
  signature: { marginTop: 24 },
});

/** One line, an empty one kept as a blank line. */
const Line = ({ text }: { text: string }) => <Text style={styles.line}>{text === '' ? ' ' : text}</Text>;

export function renderDecisionLetterPdf(letter: DecisionLetter): Promise<Buffer> {
  return renderToBuffer(
    <Document title={letter.title} language="en-US">
      <Page size="LETTER" style={styles.page}>
        <View style={styles.letterhead}>
          <Text style={styles.institution}>{letter.institution}</Text>
          {letter.addressLines.map((line, i) => (
            <Text key={i} style={styles.muted}>
              {line}
            </Text>
          ))}
        </View>
        <Text style={styles.block}>{letter.date}</Text>
        <View style={styles.block}>
          {letter.recipient.map((line, i) => (
            <Line key={i} text={line} />
          ))}
        </View>
        <Text style={styles.subject}>{letter.subject}</Text>
        {letter.text.split('\n').map((line, i) => (
          <Line key={i} text={line} />
        ))}
        {letter.signature && (
          <View style={styles.signature}>
            <Text>{letter.signature.name}</Text>
            <Text style={styles.muted}>{letter.signature.title}</Text>
          </View>
        )}
      </Page>
    </Document>,
  );
}
