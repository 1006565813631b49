/**
 * The key URI as a QR code, an SVG the web app shows as it is. qrcode-generator (MIT, no
 * dependencies) is loaded on first use, like every library only some requests need (decision 045).
 */
export async function qrSvgOf(text: string): Promise<string> {
  const { default: qrcode } = await import('qrcode-generator');
  // Type 0: the smallest version that holds the URI; M: 15% of it may be lost and still read.
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return qr.createSvgTag({ cellSize: 4, margin: 16, scalable: true });
}
