import { clientService } from '../../../client-service'
import type { MediaSummaryService } from './media-summary.class'

export type { MediaSummary, MediaSummaryQuery, MediaSummaryRow } from './media-summary.schema'

/**
 * `media-summary`: how many files and bytes the company keeps, by owner type and by branch, or
 * one patient's (`customerId`). Find only; resource `media-summary` (spec section 6).
 */
export const mediaSummaryPath = 'media-summary'
export const mediaSummaryMethods = ['find'] as const
export type MediaSummaryClientService = Pick<MediaSummaryService, (typeof mediaSummaryMethods)[number]>

export const mediaSummaryClient = clientService<MediaSummaryClientService>()(mediaSummaryPath, mediaSummaryMethods)
