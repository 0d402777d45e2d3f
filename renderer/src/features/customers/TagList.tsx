import { Tag } from 'antd'
import { textColorOn } from '../../components/color'
import type { TagRecord } from './customer-types'

/** The customer's tags by id, in their own colours; unknown ids (a deleted tag) are skipped. */
export function TagList({ ids, tags }: { ids: string[] | undefined; tags: Map<string, TagRecord> }) {
  const known = (ids ?? []).map((id) => tags.get(id)).filter((tag): tag is TagRecord => Boolean(tag))
  if (!known.length) return null
  return (
    <span className="tag-list">
      {known.map((tag) => (
        // The tag's own colour, solid, with black or white text by the spec's luminance rule.
        <Tag key={tag._id} variant={tag.color ? 'solid' : undefined} style={tag.color ? { background: tag.color, borderColor: tag.color, color: textColorOn(tag.color) } : undefined}>
          {tag.name}
        </Tag>
      ))}
    </span>
  )
}
