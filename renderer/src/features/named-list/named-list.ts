/** A company list of named items (tags, sources): `{ _id, companyId, name, color? }`. */
export interface NamedItem {
  _id: string
  companyId?: string
  name: string
  color?: string | null
}

/** What differs between the lists: service path, permission resource, colour, and the texts. */
export interface NamedListConfig {
  path: 'tags' | 'sources'
  resource: string
  withColor: boolean
  texts: {
    title: string
    subtitle: string
    placeholder: string
    empty: string
    removeConfirm: string
    removeHint: string
    removed: string
  }
}
