import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { strToU8, zipSync, type Zippable } from 'fflate';
import sharp from 'sharp';

/** Real files for tests, made on the spot: a Word document, photos and PDFs, good and hostile. */

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Default Extension="png" ContentType="image/png"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`;

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

function documentXml(paragraphs: string[], extraBody = ''): string {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${p}</w:t></w:r></w:p>`).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="${W}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"
 xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"
 xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"
 xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>${body}${extraBody}</w:body></w:document>`;
}

/** A minimal, valid Word document with some paragraphs. */
export function makeDocx(
  paragraphs = ['Final project description', 'A study of patient outcomes.'],
  extra: Zippable = {},
): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    _rels: { '.rels': strToU8(ROOT_RELS) },
    word: { 'document.xml': strToU8(documentXml(paragraphs)) },
    ...extra,
  });
}

/** A docx whose pictures are linked from outside the file (a local file read or SSRF when opened). */
export function makeDocxWithExternalImage(...targets: string[]): Uint8Array {
  const links = targets.length ? targets : ['file:///etc/passwd'];
  const drawing = (
    i: number,
  ) => `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="${i + 1}" name="p${i}"/>
<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>
<pic:nvPicPr><pic:cNvPr id="${i + 1}" name="p${i}"/><pic:cNvPicPr/></pic:nvPicPr>
<pic:blipFill><a:blip r:link="rIdImg${i}"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic>
</wp:inline></w:drawing></w:r></w:p>`;
  const rels = links
    .map(
      (t, i) =>
        `<Relationship Id="rIdImg${i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${t}" TargetMode="External"/>`,
    )
    .join('\n');
  return zipSync({
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    _rels: { '.rels': strToU8(ROOT_RELS) },
    word: {
      'document.xml': strToU8(documentXml(['Linked pictures below'], links.map((_, i) => drawing(i)).join(''))),
      _rels: {
        'document.xml.rels': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
${rels}
</Relationships>`),
      },
    },
  });
}

/** A docx carrying a VBA project (what a .docm renamed .docx looks like). */
export function makeDocxWithMacros(): Uint8Array {
  return makeDocx(undefined, {
    word: {
      'document.xml': strToU8(documentXml(['macro'])),
      'vbaProject.bin': new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]),
    },
  });
}

/** A small zip (well under 1 MB) one of whose entries inflates to 60 MB of zeros. */
export function makeZipBomb(): Uint8Array {
  return makeDocx(undefined, {
    word: { 'document.xml': strToU8(documentXml(['bomb'])), 'media.bin': new Uint8Array(60 * 1_048_576) },
  });
}

/** A photo with EXIF orientation and GPS metadata, as a phone takes it. */
export async function makeJpegPhoto(width = 1200, height = 800): Promise<Uint8Array> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Orientation: '6' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' },
    })
    .toBuffer();
  return new Uint8Array(buffer);
}

export async function makePng(width = 400, height = 300): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
      .png()
      .toBuffer(),
  );
}

/** A PNG that declares 8000 x 8000 pixels (64 megapixels) but compresses to a few hundred kilobytes. */
export async function makeHugePixelPng(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({
      create: { width: 8_000, height: 8_000, channels: 3, background: '#000000' },
      limitInputPixels: false,
    })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
}

export async function makePdf(text = 'Transcript'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText(text, { x: 72, y: 700, size: 24 });
  return doc.save();
}

/** A PDF that runs JavaScript when opened, and carries a link annotation with another script. */
export async function makePdfWithJavaScript(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText('Click me', { x: 72, y: 700, size: 24 });
  const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("hi")') });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  return doc.save();
}

export async function makeEncryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText('Secret', { x: 72, y: 700, size: 24 });
  doc.encrypt({ userPassword: 'secret', ownerPassword: 'owner', permissions: {} });
  return doc.save();
}
