// Which pictures get a preview (of an animation, only the first frame is read), judged from the header alone: decoding is
// what costs. A 16383x16383 progressive JPEG of 3 MB took 1.7 GB to decode
// (a progressive JPEG is held whole as coefficients before a pixel comes
// out), so such pictures are kept and shown without a preview.

const MAX_PIXELS = 40_000_000
const MAX_PROGRESSIVE_PIXELS = 12_000_000

export interface PictureHeader {
  readonly width?: number | undefined
  readonly height?: number | undefined
  readonly format?: string | undefined
  readonly isProgressive?: boolean | undefined
}

/** The input pixel limit to decode with, or null when the picture is over budget. */
export function previewPixelLimit(header: PictureHeader): number | null {
  const { width, height } = header
  if (width === undefined || height === undefined) return null
  const pixels = width * height
  const limit = header.format === 'jpeg' && header.isProgressive === true ? MAX_PROGRESSIVE_PIXELS : MAX_PIXELS
  return pixels > limit ? null : limit
}
