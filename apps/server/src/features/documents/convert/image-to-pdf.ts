import { PDFDocument } from '@cantoo/pdf-lib';
import { FILE_MESSAGES } from '@admissions/domain';
import sharp from 'sharp';
import { ConversionRefused } from './conversion-refused';

/** Larger images are refused before they are decoded (a small PNG can declare billions of pixels). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Longest side of the re-encoded picture: about 200 dpi over a letter page, plenty for a scan. */
const MAX_SIDE = 2200;
const PAGE = { width: 612, height: 792 }; // US Letter, points
const MARGIN = 36;

/**
 * Decodes an image with a pixel limit, applies its EXIF orientation, and
 * re-encodes it as a fresh JPEG: EXIF, GPS and every other metadata block are
 * left behind. The picture is placed, scaled to fit, on one page.
 */
export async function imageToPdf(bytes: Uint8Array): Promise<Uint8Array> {
  let jpeg: Buffer;
  let width: number;
  let height: number;
  try {
    const out = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', sequentialRead: true })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    jpeg = out.data;
    width = out.info.width;
    height = out.info.height;
  } catch (err) {
    const message = (err as Error).message ?? '';
    if (/pixel limit/i.test(message)) throw new ConversionRefused(FILE_MESSAGES.imageTooLarge, message);
    throw new ConversionRefused(FILE_MESSAGES.imageUnreadable, message);
  }
  const doc = await PDFDocument.create({ updateMetadata: false });
  const image = await doc.embedJpg(jpeg);
  const landscape = width > height;
  const page = doc.addPage(landscape ? [PAGE.height, PAGE.width] : [PAGE.width, PAGE.height]);
  const box = { width: page.getWidth() - 2 * MARGIN, height: page.getHeight() - 2 * MARGIN };
  const scale = Math.min(box.width / width, box.height / height, 1);
  const w = width * scale;
  const h = height * scale;
  page.drawImage(image, { x: (page.getWidth() - w) / 2, y: (page.getHeight() - h) / 2, width: w, height: h });
  return doc.save();
}
