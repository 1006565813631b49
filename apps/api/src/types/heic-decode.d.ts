/** heic-decode ships no types; this is the part we use (its README's documented API). */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel. */
    data: Uint8ClampedArray;
  }
  function decode(options: { buffer: ArrayBufferLike | Uint8Array }): Promise<DecodedImage>;
  export default decode;
}
