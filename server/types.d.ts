declare module '#pkg-manifest' {
  /** Source asset name -> content-hashed public URL. */
  const manifest: Record<string, string>
  export default manifest
}
