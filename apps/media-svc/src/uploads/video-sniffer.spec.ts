import { sniffVideo } from './video-sniffer';

const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(12)]);

describe('sniffVideo', () => {
  it('recognises MP4 and QuickTime by their ftyp brand', () => {
    expect(sniffVideo(ftyp('isom'))).toEqual({ format: 'mp4', contentType: 'video/mp4' });
    expect(sniffVideo(ftyp('mp42'))).toEqual({ format: 'mp4', contentType: 'video/mp4' });
    expect(sniffVideo(ftyp('qt  '))).toEqual({ format: 'mov', contentType: 'video/quicktime' });
  });

  it('does not take AVIF or HEIC images, which share the container, for videos', () => {
    expect(sniffVideo(ftyp('avif'))).toBeNull();
    expect(sniffVideo(ftyp('heic'))).toBeNull();
  });

  it('recognises WebM by its EBML document type, not other Matroska files', () => {
    const ebml = (docType: string) =>
      Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]), Buffer.from(docType, 'latin1')]);
    expect(sniffVideo(ebml('webm'))).toEqual({ format: 'webm', contentType: 'video/webm' });
    expect(sniffVideo(ebml('matroska'))).toBeNull();
  });

  it('refuses text and images', () => {
    expect(sniffVideo(Buffer.from('<!doctype html><html>'))).toBeNull();
    expect(sniffVideo(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))).toBeNull();
    expect(sniffVideo(Buffer.alloc(0))).toBeNull();
  });
});
