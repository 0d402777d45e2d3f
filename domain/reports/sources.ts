/** `sourceId` of patients with no source recorded, in every report that splits by source. */
export const NO_SOURCE = 'none'
