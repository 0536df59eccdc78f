import yauzl from 'yauzl';

/** The visible text of a .docx part (document.xml, footnotes.xml, footer1.xml): every <w:t> run, paragraphs on their own lines. */
export async function docxParts(file: string): Promise<Record<string, string>> {
  const xml = await docxXml(file);
  return Object.fromEntries(Object.entries(xml).map(([name, part]) => [name, xmlText(part)]));
}

/** The raw XML of each part under word/, by name (document.xml, footnotes.xml, …). */
export async function docxXml(file: string): Promise<Record<string, string>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.open(file, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z!))));
  const parts: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.startsWith('word/') || !entry.fileName.endsWith('.xml')) return zip.readEntry();
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(err);
        let xml = '';
        stream.setEncoding('utf8');
        stream.on('data', (c: string) => (xml += c));
        stream.on('end', () => {
          parts[entry.fileName.slice(5)] = xml;
          zip.readEntry();
        });
      });
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return parts;
}

function xmlText(xml: string): string {
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<w:br\/>/g, '\n')
    .replace(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g, '\u0001$1\u0002')
    .replace(/<[^>]+>/g, '')
    .replace(/\u0001([^\u0002]*)\u0002/g, '$1')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}
