// Pages of a listing, 25 records each. A page past the end shows the last
// one, so a link kept from a longer listing still lands somewhere useful.
export const PAGE_SIZE = 25

export interface PageWindow {
  readonly page: number
  readonly pages: number
  readonly offset: number
}

export function pageWindow(total: number, requested: number, size = PAGE_SIZE): PageWindow {
  const pages = Math.max(1, Math.ceil(total / size))
  const page = Math.min(Math.max(1, Math.floor(requested)), pages)
  return { page, pages, offset: (page - 1) * size }
}
