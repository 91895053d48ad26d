/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working under tsx whatever tsconfig it finds (it reads the one of the working directory).
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { Style } from '@react-pdf/types';
import { COPY_FONT_FAMILIES, registerCopyFonts } from './copy-fonts';
import {
  DRAFT_NOTE,
  NOT_ANSWERED,
  submittedOn,
  type CopyHeader,
  type CopyLine,
  type CopyOption,
  type CopyPage,
} from './copy-outline';
import { flattenCopy, type CopyRow } from './copy-rows';

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
  // lineHeight is set on each row, never on the page: react-pdf resolves an inherited numeric
  // lineHeight again on every page it lays out for the fixed footer, multiplying it by the font
  // size each time, until the footer's position is a number pdfkit refuses ('unsupported number').
  partner: { lineHeight: 1.35, fontSize: 18, fontWeight: 'bold' },
  title: { lineHeight: 1.35, fontSize: 13, marginTop: 2 },
  applicant: {
    lineHeight: 1.35,
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
  // paddingTop, not marginTop: rows of a group touch, so their left rules join into one line.
  row: { lineHeight: 1.35, paddingTop: 6 },
  nested: { borderLeftWidth: 2, borderColor: '#cccccc', paddingLeft: 8 },
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
 * The applicant's copy of their application: the header, then every page as
 * the outline has it. Every row is a direct child of the page, never a View
 * nested in a View that spans pages (react-pdf's breaking of those is
 * fragile): groups are drawn as indented rows (copy-rows.ts). See decision
 * 017 for why a ten-school copy once failed ('unsupported number').
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
      <Page size="LETTER" style={styles.page}>
        <Text style={styles.partner}>{header.partnerName}</Text>
        <Text style={styles.title}>{header.applicationTitle}</Text>
        <View style={styles.applicant}>
          {header.applicantName !== '' && <Text style={styles.applicantName}>{header.applicantName}</Text>}
          <Text>{header.email}</Text>
          <Text style={styles.status}>{header.submittedAt ? submittedOn(header.submittedAt) : DRAFT_NOTE}</Text>
        </View>
        {flattenCopy(pages).map((row, i) => (
          <Row key={i} row={row} />
        ))}
        <View style={styles.footer} fixed>
          <Text>
            {header.partnerName}: {subject}
          </Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
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
    case 'line': {
      const indent = row.depth > 0 ? [styles.nested, { marginLeft: (row.depth - 1) * INDENT }] : [];
      return <Line line={row.line} style={[styles.row, ...indent]} />;
    }
  }
}

type RowStyle = Style | Style[];

function Line({
  line,
  style,
}: {
  line: Exclude<CopyLine, { kind: 'group' }> | { kind: 'group-title'; title: string };
  style: RowStyle;
}) {
  switch (line.kind) {
    case 'answer':
      return (
        <View style={style} wrap={line.value.length > KEEP_TOGETHER_MAX_CHARS}>
          <Text style={styles.label} minPresenceAhead={30}>
            {line.label}
          </Text>
          {line.value === '' ? <Text style={styles.unanswered}>{NOT_ANSWERED}</Text> : <Text>{line.value}</Text>}
        </View>
      );
    case 'choices':
      return (
        <View style={style} wrap={false}>
          <Text style={styles.label}>{line.label}</Text>
          {line.options.map((option, i) => (
            <Choice key={i} option={option} />
          ))}
        </View>
      );
    case 'mark':
      return (
        <View style={style} wrap={false}>
          <Choice option={{ label: line.label, chosen: line.chosen }} />
        </View>
      );
    case 'note':
      return (
        <View style={style} wrap={line.text.length > KEEP_TOGETHER_MAX_CHARS}>
          {line.title && <Text style={styles.label}>{line.title}</Text>}
          <Text>{line.text}</Text>
        </View>
      );
    case 'group-title':
      return (
        <View style={style} wrap={false} minPresenceAhead={40}>
          <Text style={styles.groupTitle}>{line.title}</Text>
        </View>
      );
  }
}

/** The mark and the option in one run of text, so a copied or extracted line reads '[X] Yes'. */
function Choice({ option }: { option: CopyOption }) {
  return <Text>{`${option.chosen ? '[X]' : '[ ]'} ${option.label}`}</Text>;
}

/** The copy as PDF bytes. */
export function renderApplicationPdf(header: CopyHeader, pages: readonly CopyPage[]): Promise<Buffer> {
  return renderToBuffer(<ApplicationPdf header={header} pages={pages} />);
}
