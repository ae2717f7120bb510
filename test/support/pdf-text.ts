import { PDFParse } from 'pdf-parse';

/** The text of a real PDF, as pdf-parse extracts it (the files' tests read what the PDFs say). */
export async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
