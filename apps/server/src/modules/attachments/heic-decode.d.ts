declare module 'heic-decode' {
  /** One picture of a HEIC file: its size from the header; decode() makes its RGBA pixels. */
  interface HeicImage {
    width: number
    height: number
    decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>
  }
  /** A HEIC file's first picture, decoded (libheif in WebAssembly, shipped in libheif-js). */
  function decode(input: { buffer: ArrayBufferLike | Uint8Array }): Promise<{
    width: number
    height: number
    data: Uint8ClampedArray
  }>
  namespace decode {
    /** Every picture of the file, none decoded yet (and freed with dispose()). */
    function all(input: { buffer: ArrayBufferLike | Uint8Array }): Promise<HeicImage[] & { dispose(): void }>
  }
  export default decode
}
