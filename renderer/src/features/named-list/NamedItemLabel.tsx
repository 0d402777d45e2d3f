import { Tag } from 'antd'
import { textColorOn } from '../../components/color'
import type { NamedItem } from './named-list'

/** An item as it shows in lists: a coloured tag when it has a colour, else its name. */
export function NamedItemLabel({ item }: { item: Pick<NamedItem, 'name' | 'color'> }) {
  if (!item.color) return <span>{item.name}</span>
  return (
    <Tag style={{ background: item.color, borderColor: item.color, color: textColorOn(item.color), marginInlineEnd: 0, maxWidth: '100%', whiteSpace: 'normal' }}>
      {item.name}
    </Tag>
  )
}
