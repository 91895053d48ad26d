import yauzl from 'yauzl';

/**
 * Opens a ZIP the way an applicant's unzip tool would (yauzl, a reader independent of the writer) and returns
 * every entry's bytes by name, in the archive's order.
 */
export function zipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, archive) => {
      if (err || !archive) return reject(err ?? new Error('not a ZIP'));
      const entries = new Map<string, Buffer>();
      archive.on('error', reject);
      archive.on('end', () => resolve(entries));
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr ?? new Error(`cannot read ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    });
  });
}
