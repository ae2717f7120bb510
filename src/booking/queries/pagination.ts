/** The v2 pagination envelope (AppointmentsListResponseModelPaginationResponse, LocationModelPaginationResponse). */
export type PaginationResponse<T> = { items: T[]; totalCount: number; pageSize: number; currentPage: number; totalPages: number };

export function paginationResponse<T>(items: T[], totalCount: number, pageSize: number, pageNumber: number): PaginationResponse<T> {
  return { items, totalCount, pageSize, currentPage: pageNumber, totalPages: Math.ceil(totalCount / pageSize) };
}

export type PageRequest = { PageSize: number; PageNumber: number };

export const pageWindow = (page: PageRequest) => ({ skip: page.PageSize * page.PageNumber, limit: page.PageSize });
