// Where a desk's pages are. What the parts of a desk URL may look like is
// server/names.ts's: anything else cannot name a desk, bucket or record.

export const deskPath = (desk: string): string => `/desk/${desk}`
export const deskRecordPath = (desk: string, bucket: string, id: string): string => `/desk/${desk}/${bucket}/${id}`
export const exportPath = (desk: string, bucket: string): string => `/desk/${desk}/${bucket}/export.csv`
/** The one staff link to a case: it sends each reader on to the first desk holding the bucket that they may open. */
export const deskCasePath = (bucket: string, id: string): string => `/desk/case/${bucket}/${id}`
