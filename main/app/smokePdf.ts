/**
 * A one-page PDF saying 「劳动合同法第三十八条」 in Chinese, written out here, for the packaged app's smoke test:
 * reading it takes pdf.js, its worker, @napi-rs/canvas and Adobe's CMaps (the text is UCS-2 through the
 * predefined UniGB-UCS2-H CMap and the non-embedded STSong-Light font), all from inside the packaged app.
 */
export const SMOKE_PDF_TEXT = '劳动合同法第三十八条';

export function smokePdf(): Buffer {
  const ucs2 = Buffer.from(SMOKE_PDF_TEXT, 'utf16le').swap16().toString('hex').toUpperCase();
  const content = `BT /F1 24 Tf 72 720 Td <${ucs2}> Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [6 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 7 0 R /DW 1000 >>',
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  ];
  return pdfOf(objects);
}

/** A PDF of these objects (numbered from 1, the first the catalogue), with its cross-reference table counted out. */
export function pdfOf(objects: readonly string[]): Buffer {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
