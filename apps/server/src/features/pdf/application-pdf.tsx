/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working under tsx whatever tsconfig it finds (it reads the one of the working directory).
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { Style } from '@react-pdf/types';
import { COPY_FONT_FAMILIES, registerCopyFonts } from './copy-fonts';
import { DRAFT_NOTE, NOT_ANSWERED, submittedOn, type CopyHeader, type CopyOption, type CopyPage } from './copy-outline';
import { flattenCopy, type CopyRow, type FlatLine } from './copy-rows';

registerCopyFonts();

/** Points each level of a group is indented by. */
const INDENT = 12;

const styles = StyleSheet.create({
  page: {
    paddingTop: 40,
    paddingBottom: 56,
    paddingHorizontal: 48,
    fontFamily: COPY_FONT_FAMILIES,
    fontSize: 10,
    color: '#1a1a1a',
  },
  // lineHeight is set on each row, never on the page: react-pdf's default pagination engine resolved
  // an inherited numeric lineHeight again on every page it laid out for the fixed footer, multiplying
  // it by the font size each time, until the footer's position was a number pdfkit refuses
  // ('unsupported number', decision 017). The rule stays under the engine used now.
  partner: { lineHeight: 1.35, fontSize: 18, fontWeight: 'bold' },
  title: { lineHeight: 1.35, fontSize: 13, marginTop: 2 },
  applicant: {
    lineHeight: 1.35,
    fontSize: 10,
    marginTop: 12,
    paddingVertical: 8,
    borderTopWidth: 1,
    borderBottomWidth: 1,
    borderColor: '#999999',
  },
  applicantName: { fontSize: 12, fontWeight: 'bold' },
  status: { marginTop: 2, fontWeight: 'bold' },
  pageTitle: {
    lineHeight: 1.35,
    marginTop: 20,
    paddingBottom: 3,
    fontSize: 14,
    fontWeight: 'bold',
    borderBottomWidth: 1,
    borderColor: '#1a1a1a',
  },
  sectionTitle: { lineHeight: 1.35, marginTop: 12, fontSize: 12, fontWeight: 'bold' },
  // paddingTop, not marginTop: rows of a group touch, so their left rules join into one line. The font
  // size is the page's, said again: react-pdf turns a numeric lineHeight into points with the element's
  // own fontSize, or its default of 18 when the element has none, which spaced every answer 24 pt apart.
  row: { lineHeight: 1.35, paddingTop: 6, fontSize: 10 },
  label: { fontWeight: 'bold' },
  unanswered: { color: '#666666' },
  groupTitle: { fontSize: 11, fontWeight: 'bold' },
  footer: {
    position: 'absolute',
    bottom: 24,
    left: 48,
    right: 48,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 8,
    color: '#555555',
  },
});

/** Answers longer than this may run on to the next page; shorter ones stay in one piece with their label. */
const KEEP_TOGETHER_MAX_CHARS = 400;

/**
 * Lines a long answer keeps on its page, its label first: the label never
 * ends a page alone, and two lines of the answer follow it.
 */
const LABEL_AND_LINES = 3;

/**
 * A row's style by how many groups it sits in (a row in a group is indented,
 * with a left rule): one object per depth, made once, not an array per row.
 */
const rowStyles: Style[] = [styles.row];
function rowStyle(depth: number): Style {
  return (rowStyles[depth] ??= {
    ...styles.row,
    borderLeftWidth: 2,
    borderColor: '#cccccc',
    paddingLeft: 8,
    marginLeft: (depth - 1) * INDENT,
  });
}

/**
 * The applicant's copy of their application: the header, then every page as
 * the outline has it. Every row is a direct child of the page, never a View
 * nested in a View that spans pages (react-pdf's breaking of those is
 * fragile): groups are drawn as indented rows (copy-rows.ts). See decision
 * 017 for why a ten-school copy once failed ('unsupported number').
 *
 * Drawn with react-pdf's new pagination engine (experimentalPagination),
 * which measures the content once and packs it into pages: the default
 * engine lays out everything left after each page again, so a maximal copy
 * took seconds (decision 057). Each row is one Text (bold label, line break,
 * answer as runs of it), so one layout node instead of three.
 */
export function ApplicationPdf({ header, pages }: { header: CopyHeader; pages: readonly CopyPage[] }) {
  const subject = header.applicantName || header.email;
  return (
    <Document
      title={`${header.applicationTitle}: ${subject}`}
      author={header.partnerName}
      subject={header.applicationTitle}
      creator={header.partnerName}
      producer={header.partnerName}
      language="en-US"
    >
      <Page size="LETTER" style={styles.page} experimentalPagination>
        {/* First: the new engine repeats a fixed element on the pages after the one it is placed on. */}
        <View style={styles.footer} fixed>
          <Text>
            {header.partnerName}: {subject}
          </Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
        <Text style={styles.partner}>{header.partnerName}</Text>
        <Text style={styles.title}>{header.applicationTitle}</Text>
        <View style={styles.applicant}>
          {header.applicantName !== '' && <Text style={styles.applicantName}>{header.applicantName}</Text>}
          <Text>{header.email}</Text>
          <Text style={styles.status}>
            {header.submittedAt ? submittedOn(header.submittedAt, header.timeZone) : DRAFT_NOTE}
          </Text>
        </View>
        {flattenCopy(pages).map((row, i) => (
          <Row key={i} row={row} />
        ))}
      </Page>
    </Document>
  );
}

function Row({ row }: { row: CopyRow }) {
  switch (row.kind) {
    case 'page':
      return (
        <Text style={styles.pageTitle} minPresenceAhead={60}>
          {row.title}
        </Text>
      );
    case 'section':
      return (
        <Text style={styles.sectionTitle} minPresenceAhead={40}>
          {row.title}
        </Text>
      );
    case 'line':
      return <Line line={row.line} style={rowStyle(row.depth)} />;
  }
}

/**
 * One row as one Text: a bold label run, a line break, then the answer. A
 * short row is never split (wrap={false}), so its label stays with its answer.
 */
function Line({ line, style }: { line: FlatLine; style: Style }) {
  switch (line.kind) {
    case 'answer': {
      const long = line.value.length > KEEP_TOGETHER_MAX_CHARS;
      return (
        <Text style={style} wrap={long} orphans={LABEL_AND_LINES}>
          <Text style={styles.label}>{line.label}</Text>
          {'\n'}
          {line.value === '' ? <Text style={styles.unanswered}>{NOT_ANSWERED}</Text> : line.value}
        </Text>
      );
    }
    case 'choices':
      return (
        <Text style={style} wrap={false}>
          <Text style={styles.label}>{line.label}</Text>
          {line.options.map((option) => `\n${choice(option)}`).join('')}
        </Text>
      );
    case 'mark':
      return (
        <Text style={style} wrap={false}>
          {choice({ label: line.label, chosen: line.chosen })}
        </Text>
      );
    case 'note':
      return (
        <Text style={style} wrap={line.text.length > KEEP_TOGETHER_MAX_CHARS} orphans={LABEL_AND_LINES}>
          {line.title && <Text style={styles.label}>{line.title}</Text>}
          {line.title && '\n'}
          {line.text}
        </Text>
      );
    case 'group-title':
      return (
        <Text style={style} wrap={false} minPresenceAhead={40}>
          <Text style={styles.groupTitle}>{line.title}</Text>
        </Text>
      );
  }
}

/** The mark and the option in one run of text, so a copied or extracted line reads '[X] Yes'. */
function choice(option: CopyOption): string {
  return `${option.chosen ? '[X]' : '[ ]'} ${option.label}`;
}

/** The copy as PDF bytes. */
export function renderApplicationPdf(header: CopyHeader, pages: readonly CopyPage[]): Promise<Buffer> {
  return renderToBuffer(<ApplicationPdf header={header} pages={pages} />);
}
