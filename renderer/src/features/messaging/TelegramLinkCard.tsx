import { useEffect, useState } from 'react'
import { Alert, Button, Card, List, Popconfirm, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import QRCode from 'qrcode'
import { client } from '../../api/client'
import { useFind, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import { errorMessage, toast } from '../../app/toasts'
import { useFormat } from '../../i18n/format'
import type { TelegramDeepLink } from '../../../../server/src/services/messaging/telegram/telegram.shared'

/**
 * The patient's Telegram on their communications tab: the linked chats (unlink), and "Link
 * Telegram": a one-time deep link shown as a link and a QR code for the patient's phone. The
 * patient opens it, shares their phone in the bot, and the link appears here live.
 */
export function TelegramLinkCard({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const format = useFormat()
  const links = useFind('telegram', { customerId })
  const remove = useRemove('telegram')
  const canEdit = useCan('customers', 'edit')
  const [deepLink, setDeepLink] = useState<TelegramDeepLink | null>(null)
  const [qrOf, setQrOf] = useState<{ url: string; image: string } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!deepLink) return
    let live = true
    void QRCode.toString(deepLink.url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setQrOf({ url: deepLink.url, image: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` })
    })
    return () => {
      live = false
    }
  }, [deepLink])

  async function mint() {
    setBusy(true)
    setError(null)
    try {
      // The create answers a one-time deep link (the link row itself is made by the bot).
      setDeepLink((await client.service('telegram').create({ customerId })) as unknown as TelegramDeepLink)
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  const linked = links.data?.data ?? []
  // A link made after this deep link was minted (its validity started then, 30 days ago of its end) used it: it is not shown again.
  const mintedAtMs = deepLink ? Date.parse(deepLink.expiresAt) - 30 * 86_400_000 : 0
  const shown = deepLink && !linked.some((link) => Date.parse(link.createdAt) >= mintedAtMs) ? deepLink : null
  const qr = shown && qrOf?.url === shown.url ? qrOf.image : null
  return (
    <Card size="small" title={t('messaging.telegram.patientTitle')} style={{ marginBottom: 16 }} data-testid="telegram-link-card">
      {linked.length > 0 ? (
        <List
          size="small"
          dataSource={linked}
          renderItem={(link) => (
            <List.Item
              actions={
                canEdit
                  ? [
                      <Popconfirm key="unlink" title={t('messaging.telegram.unlinkConfirm')} onConfirm={() => void remove(link._id).then(() => toast.success(t('messaging.telegram.unlinked')))}>
                        <Button size="small" danger>
                          {t('messaging.telegram.unlink')}
                        </Button>
                      </Popconfirm>
                    ]
                  : []
              }
            >
              <Typography.Text>
                {t('messaging.telegram.linkedAs', { name: link.username ? `@${link.username}` : link.telegramUserId, date: format.dateTime(link.createdAt) })}
              </Typography.Text>
            </List.Item>
          )}
        />
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('messaging.telegram.notLinked')}
        </Typography.Paragraph>
      )}
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 8 }} /> : null}
      {shown ? (
        <Space align="start" wrap style={{ marginBottom: 8 }} data-testid="telegram-deep-link">
          {qr ? <img src={qr} width={160} height={160} alt={t('messaging.telegram.qrAlt')} className="telegram-qr" /> : null}
          <Space direction="vertical" size={4} style={{ maxWidth: 320 }}>
            <Typography.Text>{t('messaging.telegram.scanHint')}</Typography.Text>
            <Typography.Link href={shown.url} target="_blank" rel="noreferrer" copyable={{ text: shown.url }} style={{ wordBreak: 'break-all' }}>
              {shown.url}
            </Typography.Link>
            <Typography.Text type="secondary">{t('messaging.telegram.validUntil', { date: format.date(shown.expiresAt) })}</Typography.Text>
          </Space>
        </Space>
      ) : null}
      {canEdit ? (
        <div>
          <Button onClick={() => void mint()} loading={busy} data-testid="telegram-link-button">
            {shown ? t('messaging.telegram.newLink') : t('messaging.telegram.link')}
          </Button>
        </div>
      ) : null}
    </Card>
  )
}
