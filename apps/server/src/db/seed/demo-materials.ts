import { randomBytes } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { type FileStore, newFileKey } from '../../lib/file-store/file-store';
import type { Database } from '../client';
import { classMaterials } from '../schema/class-materials';

// The demo's class materials: a worksheet (a PDF drawn here) on the demo learner's latest class, which the
// learner downloads from its class page, and a link beside it.

const WORKSHEET_LINES = [
  '1. Introduce yourself to a new colleague in three sentences.',
  '2. Ask two questions about their weekend, and answer theirs.',
  '3. Write five phrases that keep a conversation going ("Really? How was it?").',
  '4. Rewrite this sentence politely: "Tell me where the meeting is."',
];

function worksheetPdf(title: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 60, info: { Title: `${title}: worksheet` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(20).text(`${title}: worksheet`).moveDown();
  doc.font('Helvetica').fontSize(12);
  for (const line of WORKSHEET_LINES) doc.text(line).moveDown(0.8);
  doc.end();
  return done;
}

export async function seedDemoMaterials(
  db: Database,
  files: FileStore,
  { scheduleId, title, teacherId, now }: { scheduleId: number; title: string; teacherId: number; now: Date },
): Promise<void> {
  const pdf = await worksheetPdf(title);
  const fileKey = newFileKey('materials');
  await files.put(fileKey, pdf, 'application/pdf');
  const common = { scheduleId, addedBy: teacherId, createdAt: now, visibleFrom: null };
  await db.insert(classMaterials).values([
    {
      ...common,
      id: randomBytes(16).toString('base64url'),
      kind: 'file',
      title: 'Worksheet',
      fileKey,
      fileName: `${title} - worksheet.pdf`,
      contentType: 'application/pdf',
      sizeBytes: pdf.length,
    },
    {
      ...common,
      id: randomBytes(16).toString('base64url'),
      kind: 'link',
      title: 'Small talk phrases (British Council)',
      url: 'https://learnenglish.britishcouncil.org/',
    },
  ]);
}
