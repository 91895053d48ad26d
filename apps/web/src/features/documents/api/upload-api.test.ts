import { FILE_MESSAGES, GENERIC_ERROR_MESSAGE } from '@admissions/domain';
import { describe, expect, it } from 'vitest';
import { stubXhr } from '../../../test/fake-xhr';
import { ServerError, UnauthorizedError } from '../../../lib/api-errors';
import { uploadError, uploadFile } from './upload-api';

const form = {
  url: 'https://bucket.s3.example.com/',
  fields: { key: 'applicants/7/research_upload/1', Policy: 'p', 'X-Amz-Signature': 's' },
};

describe('uploadFile', () => {
  it('posts every field in order, then the file, and reports progress up to 100', async () => {
    const { uploads } = stubXhr((upload) => {
      upload.progress(1, 4);
      upload.respond(204);
    });
    const seen: number[] = [];
    await uploadFile(form, new File(['%PDF-'], 'plan.pdf'), (p) => seen.push(p));

    expect(uploads[0]?.url).toBe('https://bucket.s3.example.com/');
    expect([...(uploads[0]?.form.entries() ?? [])].map(([name]) => name)).toEqual([
      'key',
      'Policy',
      'X-Amz-Signature',
      'file',
    ]);
    expect((uploads[0]?.form.get('file') as File).name).toBe('plan.pdf');
    expect(seen).toEqual([25, 100]);
  });

  it('rejects with the message of a refusal, and with the generic message when the connection fails', async () => {
    stubXhr((upload) =>
      upload.respond(
        422,
        JSON.stringify({ code: 'DOCUMENT_REJECTED', message: FILE_MESSAGES.tooLarge }),
        'application/json',
      ),
    );
    await expect(uploadFile(form, new File(['x'], 'a.pdf'), () => {})).rejects.toMatchObject({
      status: 422,
      code: 'DOCUMENT_REJECTED',
      message: FILE_MESSAGES.tooLarge,
    });

    stubXhr((upload) => upload.fail());
    await expect(uploadFile(form, new File(['x'], 'a.pdf'), () => {})).rejects.toMatchObject({
      status: 0,
      message: GENERIC_ERROR_MESSAGE,
    });
  });
});

describe('uploadError', () => {
  it("turns S3's XML refusals into the applicant's words", () => {
    const xml = (code: string) =>
      `<?xml version="1.0"?><Error><Code>${code}</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>`;
    expect(uploadError(400, 'application/xml', xml('EntityTooLarge')).message).toBe(FILE_MESSAGES.tooLarge);
    expect(uploadError(400, 'application/xml', xml('EntityTooSmall')).message).toBe(FILE_MESSAGES.empty);
    expect(uploadError(403, 'application/xml', xml('AccessDenied')).message).toBe(
      'This upload link is invalid or has expired. Please choose your file again.',
    );
    // Whatever else S3 says is not shown: it is not written for applicants.
    expect(uploadError(500, 'application/xml', xml('InternalError')).message).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('a 401 is the unauthorized error; a body that is not JSON gives the generic message', () => {
    expect(uploadError(401, 'application/json', '{}')).toBeInstanceOf(UnauthorizedError);
    const broken = uploadError(502, 'text/html', '<html>Bad gateway</html>');
    expect(broken).toBeInstanceOf(ServerError);
    expect(broken.message).toBe(GENERIC_ERROR_MESSAGE);
  });
});
