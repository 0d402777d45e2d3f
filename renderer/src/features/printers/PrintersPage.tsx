import { useEffect, useState } from 'react'
import { Alert, Button, Card, Empty, Select, Spin, Tag, Typography } from 'antd'
import { PrinterOutlined, ReloadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { toast, toastError } from '../../app/toasts'
import { PageHeader } from '../../components/PageHeader'
import { platform } from '../../platform'
import { printerRoles, type PrinterChoices, type PrinterRole, type SystemPrinter } from '../../../../main/src/printer-roles'
import type { PrintersCapability } from '../../platform/types'
import './printers.css'

/**
 * /profile/printers: the workstation's printers by role (A4 documents, 80 and 58 mm receipts,
 * labels), kept on this computer by the desktop shell, each with a test print. In the browser
 * the screen only says where printers are chosen (the user menu links it on the desktop only).
 */
export default function PrintersPage() {
  const { t } = useTranslation()
  const printers = platform.printers
  return (
    <>
      <PageHeader title={t('printers.title')} subtitle={t('printers.subtitle')} />
      {printers ? <PrinterRoles printers={printers} /> : <Alert type="info" showIcon title={t('printers.desktopOnly')} />}
    </>
  )
}

function PrinterRoles({ printers }: { printers: PrintersCapability }) {
  const { t } = useTranslation()
  const [system, setSystem] = useState<SystemPrinter[] | null>(null)
  const [choices, setChoices] = useState<PrinterChoices | null>(null)
  const [busy, setBusy] = useState<PrinterRole | null>(null)

  // Bumped by "refresh the list": a printer plugged in after the screen opened.
  const [listed, setListed] = useState(0)

  useEffect(() => {
    let live = true
    Promise.all([printers.list(), printers.choices()])
      .then(([list, chosen]) => {
        if (!live) return
        setSystem(list)
        setChoices(chosen)
      })
      .catch(toastError)
    return () => {
      live = false
    }
  }, [printers, listed])

  async function choose(role: PrinterRole, printer: string | null) {
    setBusy(role)
    try {
      setChoices(await printers.choose(role, printer))
      toast.success(t('printers.saved'))
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(null)
    }
  }

  async function testPrint(role: PrinterRole) {
    setBusy(role)
    try {
      const result = await printers.testPrint(role, t('printers.testHeading', { role: t(`printers.roles.${role}`) }))
      if (result.ok) toast.success(t('printers.testDone'))
      else toast.error(t(`printers.failures.${result.reason}`))
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(null)
    }
  }

  if (!system || !choices) return <Spin />
  const options = system.map((printer) => ({
    value: printer.name,
    label: (
      <span className="printer-option">
        {printer.displayName}
        {printer.isDefault && <Tag>{t('printers.isDefault')}</Tag>}
      </span>
    ),
    search: `${printer.displayName} ${printer.name}`
  }))
  return (
    <Card
      title={t('printers.title')}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => setListed((count) => count + 1)} data-testid="printers-refresh">
          {t('printers.refresh')}
        </Button>
      }
    >
      {system.length === 0 && <Empty description={t('printers.noPrinters')} />}
      <div className="printer-roles">
        {printerRoles.map((role) => {
          const chosen = choices[role]
          const missing = chosen !== null && !system.some((printer) => printer.name === chosen)
          return (
            <div className="printer-role" key={role} data-testid={`printer-role-${role}`}>
              <div className="printer-role-name">
                <Typography.Text strong>{t(`printers.roles.${role}`)}</Typography.Text>
                <Typography.Text type="secondary">{t(`printers.roleHints.${role}`)}</Typography.Text>
              </div>
              <Select
                className="printer-role-select"
                aria-label={`${t('printers.printer')}: ${t(`printers.roles.${role}`)}`}
                placeholder={t('printers.none')}
                value={chosen ?? undefined}
                status={missing ? 'warning' : undefined}
                options={missing ? [...options, { value: chosen, label: <span>{t('printers.missing', { name: chosen })}</span>, search: chosen }] : options}
                showSearch
                optionFilterProp="search"
                allowClear
                disabled={busy === role}
                onChange={(value: string | undefined) => void choose(role, value ?? null)}
                data-testid={`printer-select-${role}`}
              />
              <Button icon={<PrinterOutlined />} disabled={!chosen || missing} loading={busy === role} onClick={() => void testPrint(role)} data-testid={`printer-test-${role}`}>
                {t('printers.testPrint')}
              </Button>
            </div>
          )
        })}
      </div>
    </Card>
  )
}
