/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working under tsx whatever tsconfig it finds (it reads the one of the working directory).
import { Document, Font, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { DRAFT_NOTE, NOT_ANSWERED, submittedOn, type CopyHeader, type CopyLine, type CopyOption, type CopyPage } from './copy-outline';
import { helveticaText as h } from './helvetica-text';

/**
 * Only the PDF's built-in Helvetica is used, so nothing is loaded from disk.
 * It draws '[X]' and '[ ]' but not symbols such as ☑, and only WinAnsi
 * letters: every text from outside goes through h() (helvetica-text.ts).
 */
const styles = StyleSheet.create({
  page: { paddingTop: 40, paddingBottom: 56, paddingHorizontal: 48, fontFamily: 'Helvetica', fontSize: 10, lineHeight: 1.35, color: '#1a1a1a' },
  partner: { fontSize: 18, fontWeight: 'bold' },
  title: { fontSize: 13, marginTop: 2 },
  applicant: { marginTop: 12, paddingVertical: 8, borderTopWidth: 1, borderBottomWidth: 1, borderColor: '#999999' },
  applicantName: { fontSize: 12, fontWeight: 'bold' },
  status: { marginTop: 2, fontWeight: 'bold' },
  pageTitle: { marginTop: 20, paddingBottom: 3, fontSize: 14, fontWeight: 'bold', borderBottomWidth: 1, borderColor: '#1a1a1a' },
  sectionTitle: { marginTop: 12, fontSize: 12, fontWeight: 'bold' },
  line: { marginTop: 6 },
  label: { fontWeight: 'bold' },
  unanswered: { color: '#666666' },
  group: { marginTop: 8, paddingLeft: 10, borderLeftWidth: 2, borderColor: '#cccccc' },
  groupTitle: { fontSize: 11, fontWeight: 'bold' },
  footer: { position: 'absolute', bottom: 24, left: 48, right: 48, flexDirection: 'row', justifyContent: 'space-between', fontSize: 8, color: '#555555' },
});

/** Answers longer than this may run on to the next page; shorter ones stay in one piece with their label. */
const KEEP_TOGETHER_MAX_CHARS = 400;

/**
 * No hyphens inserted into answers: a copy shows names and codes exactly as
 * given. Only a word too long for a line (an e-mail address, a link) is cut.
 */
Font.registerHyphenationCallback((word) => (word.length <= 40 ? [word] : (word.match(/.{1,30}/gu) ?? [word])));

/** The applicant's copy of their application: the header, then every page as the outline has it. */
export function ApplicationPdf({ header, pages }: { header: CopyHeader; pages: readonly CopyPage[] }) {
  const subject = h(header.applicantName || header.email);
  return (
    <Document
      title={`${h(header.applicationTitle)}: ${subject}`}
      author={h(header.partnerName)}
      subject={h(header.applicationTitle)}
      creator={h(header.partnerName)}
      producer={h(header.partnerName)}
      language="en-US"
    >
      <Page size="LETTER" style={styles.page}>
        <Text style={styles.partner}>{h(header.partnerName)}</Text>
        <Text style={styles.title}>{h(header.applicationTitle)}</Text>
        <View style={styles.applicant}>
          {header.applicantName !== '' && <Text style={styles.applicantName}>{h(header.applicantName)}</Text>}
          <Text>{h(header.email)}</Text>
          <Text style={styles.status}>{header.submittedAt ? submittedOn(header.submittedAt) : DRAFT_NOTE}</Text>
        </View>
        {pages.map((page) => (
          <View key={page.title}>
            <Text style={styles.pageTitle} minPresenceAhead={60}>
              {h(page.title)}
            </Text>
            {page.sections.map((section, i) => (
              <View key={i}>
                {section.title && (
                  <Text style={styles.sectionTitle} minPresenceAhead={40}>
                    {h(section.title)}
                  </Text>
                )}
                <Lines lines={section.lines} />
              </View>
            ))}
          </View>
        ))}
        <View style={styles.footer} fixed>
          <Text>
            {h(header.partnerName)}: {subject}
          </Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

function Lines({ lines }: { lines: readonly CopyLine[] }) {
  return (
    <>
      {lines.map((line, i) => (
        <Line key={i} line={line} />
      ))}
    </>
  );
}

function Line({ line }: { line: CopyLine }) {
  switch (line.kind) {
    case 'answer':
      return (
        <View style={styles.line} wrap={line.value.length > KEEP_TOGETHER_MAX_CHARS}>
          <Text style={styles.label} minPresenceAhead={30}>
            {h(line.label)}
          </Text>
          {line.value === '' ? <Text style={styles.unanswered}>{NOT_ANSWERED}</Text> : <Text>{h(line.value)}</Text>}
        </View>
      );
    case 'choices':
      return (
        <View style={styles.line} wrap={false}>
          <Text style={styles.label}>{h(line.label)}</Text>
          {line.options.map((option, i) => (
            <Choice key={i} option={option} />
          ))}
        </View>
      );
    case 'mark':
      return (
        <View style={styles.line} wrap={false}>
          <Choice option={{ label: line.label, chosen: line.chosen }} />
        </View>
      );
    case 'note':
      return (
        <View style={styles.line} wrap={line.text.length > KEEP_TOGETHER_MAX_CHARS}>
          {line.title && <Text style={styles.label}>{h(line.title)}</Text>}
          <Text>{h(line.text)}</Text>
        </View>
      );
    case 'group':
      return (
        <View style={styles.group}>
          <Text style={styles.groupTitle} minPresenceAhead={40}>
            {h(line.title)}
          </Text>
          <Lines lines={line.lines} />
        </View>
      );
  }
}

/** The mark and the option in one run of text, so a copied or extracted line reads '[X] Yes'. */
function Choice({ option }: { option: CopyOption }) {
  return <Text>{`${option.chosen ? '[X]' : '[ ]'} ${h(option.label)}`}</Text>;
}

/** The copy as PDF bytes. */
export function renderApplicationPdf(header: CopyHeader, pages: readonly CopyPage[]): Promise<Buffer> {
  return renderToBuffer(<ApplicationPdf header={header} pages={pages} />);
}
