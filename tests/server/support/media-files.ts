import sharp from 'sharp'

/** A real image of `width` x `height` in `format`, with some structure so it compresses like a picture. */
export async function imageBytes(format: 'jpeg' | 'png' | 'webp', width = 640, height = 480, seed = 1): Promise<Buffer> {
  const channels = 3
  const pixels = Buffer.alloc(width * height * channels)
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * channels
      pixels[at] = (x * seed) % 256
      pixels[at + 1] = (y * 3 + seed * 17) % 256
      pixels[at + 2] = ((x ^ y) + seed) % 256
    }
  return sharp(pixels, { raw: { width, height, channels } })[format]().toBuffer()
}

/** A minimal one-page PDF; `payload` is appended after it (an executable riding along). */
export function pdfBytes(payload: Buffer = Buffer.alloc(0)): Buffer {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    ''
  ].join('\n')
  return Buffer.concat([Buffer.from(body, 'latin1'), payload])
}

/** The first bytes of a Linux executable (ELF, 64-bit) and of a Windows one (PE, "MZ"). */
export function elfBytes(): Buffer {
  const bytes = Buffer.alloc(256)
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]).copy(bytes)
  bytes.writeUInt16LE(2, 16) // ET_EXEC
  bytes.writeUInt16LE(0x3e, 18) // x86-64
  return bytes
}

export function peBytes(): Buffer {
  const bytes = Buffer.alloc(512)
  bytes.write('MZ', 0, 'latin1')
  bytes.writeUInt32LE(0x80, 0x3c)
  bytes.write('PE\0\0', 0x80, 'latin1')
  return bytes
}

export interface DicomFields {
  patientName: string
  studyDate: string
  modality: string
  bodyPart: string
  rows: number
  columns: number
}

/** A small DICOM Part 10 file (explicit VR little endian) with the given header fields and 8-bit pixels. */
export function dicomBytes(fields: DicomFields): Buffer {
  const even = (text: string, pad: string) => (text.length % 2 ? text + pad : text)
  const element = (group: number, number: number, vr: string, value: Buffer) => {
    const long = ['OB', 'OW', 'SQ', 'UN', 'UT'].includes(vr)
    const head = Buffer.alloc(long ? 12 : 8)
    head.writeUInt16LE(group, 0)
    head.writeUInt16LE(number, 2)
    head.write(vr, 4, 'latin1')
    if (long) head.writeUInt32LE(value.length, 8)
    else head.writeUInt16LE(value.length, 6)
    return Buffer.concat([head, value])
  }
  const text = (group: number, number: number, vr: string, value: string, pad = ' ') => element(group, number, vr, Buffer.from(even(value, pad), 'latin1'))
  const us = (group: number, number: number, value: number) => {
    const bytes = Buffer.alloc(2)
    bytes.writeUInt16LE(value)
    return element(group, number, 'US', bytes)
  }
  const meta = Buffer.concat([text(0x0002, 0x0010, 'UI', '1.2.840.10008.1.2.1', '\0')])
  const groupLength = Buffer.alloc(4)
  groupLength.writeUInt32LE(meta.length)
  const pixels = Buffer.alloc(fields.rows * fields.columns, 128)
  return Buffer.concat([
    Buffer.alloc(128),
    Buffer.from('DICM', 'latin1'),
    element(0x0002, 0x0000, 'UL', groupLength),
    meta,
    text(0x0008, 0x0020, 'DA', fields.studyDate),
    text(0x0008, 0x0060, 'CS', fields.modality),
    text(0x0010, 0x0010, 'PN', fields.patientName),
    text(0x0018, 0x0015, 'CS', fields.bodyPart),
    us(0x0028, 0x0010, fields.rows),
    us(0x0028, 0x0011, fields.columns),
    element(0x7fe0, 0x0010, 'OB', pixels)
  ])
}
