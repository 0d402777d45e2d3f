import { Avatar } from 'antd'
import { textColorOn } from './color'

interface Person {
  first_name?: string
  last_name?: string
  color?: string | null
}

/** Initials on the person's colour; the text colour follows spec section 9's luminance rule. */
export function PersonAvatar({ person, size = 32 }: { person: Person; size?: number }) {
  const initials = `${person.first_name?.[0] ?? ''}${person.last_name?.[0] ?? ''}`.toUpperCase() || '?'
  const background = person.color || '#0b7a75'
  return (
    <Avatar size={size} style={{ background, color: textColorOn(background), flex: 'none' }}>
      {initials}
    </Avatar>
  )
}
