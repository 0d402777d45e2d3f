import { replyChoice } from '../../renderer/src/features/messaging/reply-channels'

const now = Date.parse('2031-05-01T12:00:00Z')
const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString()
const wrote = (channel: string, hoursAgo: number) => ({ direction: 'in', channel, createdAt: at(hoursAgo) })
const sent = (channel: string, hoursAgo: number) => ({ direction: 'out', channel, createdAt: at(hoursAgo) })

describe('the channels a chat reply can take', () => {
  it('Telegram when linked; nothing when neither linked nor written by WhatsApp', () => {
    expect(replyChoice([wrote('telegram', 50)], true, now)).toEqual({ channels: ['telegram'], preferred: 'telegram', whatsappClosed: false })
    expect(replyChoice([], false, now)).toEqual({ channels: [], preferred: null, whatsappClosed: false })
  })

  it('WhatsApp while the last WhatsApp message is under 24 hours old (less the margin), and then says the window closed', () => {
    expect(replyChoice([wrote('whatsapp', 2)], false, now)).toEqual({ channels: ['whatsapp'], preferred: 'whatsapp', whatsappClosed: false })
    expect(replyChoice([wrote('whatsapp', 23.95)], false, now)).toEqual({ channels: [], preferred: null, whatsappClosed: true })
    expect(replyChoice([wrote('whatsapp', 30), wrote('whatsapp', 1)], false, now).channels).toEqual(['whatsapp'])
    // The clinic's own WhatsApp messages open nothing: only the patient's do.
    expect(replyChoice([sent('whatsapp', 1)], false, now)).toEqual({ channels: [], preferred: null, whatsappClosed: false })
  })

  it('both: starts where the patient last wrote', () => {
    expect(replyChoice([wrote('telegram', 5), wrote('whatsapp', 1)], true, now)).toEqual({ channels: ['telegram', 'whatsapp'], preferred: 'whatsapp', whatsappClosed: false })
    expect(replyChoice([wrote('whatsapp', 5), wrote('telegram', 1)], true, now)).toEqual({ channels: ['telegram', 'whatsapp'], preferred: 'telegram', whatsappClosed: false })
    // Where they last wrote cannot take it (WhatsApp closed): Telegram.
    expect(replyChoice([wrote('whatsapp', 30)], true, now)).toEqual({ channels: ['telegram'], preferred: 'telegram', whatsappClosed: true })
  })
})
