import { useEffect } from 'react'
import dayjs from 'dayjs'
import { Button, DatePicker, Drawer, Form, Grid, Input, InputNumber, Select, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate, usePatch } from '../../api/live'
import { useSignedIn } from '../../api/session-store'
import { companyToday } from '../appointments/zoned-time'
import { showServerError } from '../../components/form-errors'
import { useSaveAndClose } from '../../components/useSaveAndClose'
import { MAX_EXPENSE_DOCUMENT, MAX_EXPENSE_NOTE, MAX_EXPENSE_SUPPLIER } from '../../../../server/src/services/billing/expense/expense.shared'
import { expenseCategories, expenseData, expenseFormFields, expensePath, formValuesOf, type Expense, type ExpenseFormValues } from './expense-form'
import { ExpenseFiles } from './ExpenseFiles'

interface Props {
  /** The expense being edited, 'new' for a new one; null keeps the drawer closed. */
  editing: Expense | 'new' | null
  /** The branches the person may book an expense to. */
  branches: Array<{ value: string; label: string }>
  /** A new expense's branch: the list's branch filter, else the current branch. */
  defaultBranchId: string | null
  currency: string
  onClose: () => void
}

/**
 * Add or edit an expense. The server's refusals (amount, day, branch) show at their field. A saved
 * expense shows its receipts and documents below the form (files attach to a record that exists).
 */
export function ExpenseDrawer({ editing, branches, defaultBranchId, currency, onClose }: Props) {
  const { t, i18n } = useTranslation()
  const [form] = Form.useForm<ExpenseFormValues>()
  const phone = !Grid.useBreakpoint().md
  const create = useCreate(expensePath)
  const patch = usePatch(expensePath)
  const { busy, run } = useSaveAndClose(onClose, (error) => showServerError(form, error, expenseFormFields))
  const expense = editing === 'new' ? null : editing
  const timeZone = useSignedIn().company.timezone

  useEffect(() => {
    if (!editing) return
    form.resetFields()
    form.setFieldsValue(expense ? formValuesOf(expense, (day) => dayjs(day)) : { branchId: defaultBranchId ?? branches[0]?.value, date: dayjs(companyToday(timeZone)), supplier: '', documentNumber: '', note: '' })
    // Fill the form once per opening, not on every live update of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing])

  function save(values: ExpenseFormValues) {
    const data = expenseData(values)
    return run(() => (expense ? patch(expense._id, data) : create(data)))
  }

  return (
    <Drawer
      open={editing !== null}
      width={phone ? '100%' : 480}
      title={expense ? t('expenses.editTitle') : t('expenses.newTitle')}
      onClose={onClose}
      destroyOnHidden
      forceRender
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="expense-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} name="expense" layout="vertical" requiredMark={false} onFinish={save} disabled={busy} data-testid="expense-form">
        <Form.Item name="category" label={t('expenses.category')} rules={[{ required: true, message: t('errors.field-required') }]}>
          <Select
            data-testid="expense-category"
            showSearch
            optionFilterProp="label"
            options={expenseCategories.map((category) => ({ value: category, label: t(`expenses.categories.${category}`) }))}
          />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="amount" label={`${t('expenses.amount')}, ${currency}`} rules={[{ required: true, message: t('errors.field-required') }]} style={{ flex: 1, marginRight: 12 }}>
            {/* Checked by the server (greater than zero, whole minor units): its message shows here. */}
            <InputNumber style={{ width: '100%' }} precision={2} decimalSeparator={i18n.language === 'en' ? '.' : ','} data-testid="expense-amount" inputMode="decimal" />
          </Form.Item>
          <Form.Item name="date" label={t('expenses.date')} rules={[{ required: true, message: t('errors.field-required') }]} style={{ flex: 1 }}>
            <DatePicker style={{ width: '100%' }} format="DD.MM.YYYY" allowClear={false} data-testid="expense-date" />
          </Form.Item>
        </Space.Compact>
        {branches.length > 1 && (
          <Form.Item name="branchId" label={t('expenses.branch')} rules={[{ required: true, message: t('errors.field-required') }]}>
            <Select options={branches} data-testid="expense-branch" />
          </Form.Item>
        )}
        <Form.Item name="supplier" label={t('expenses.supplier')}>
          <Input maxLength={MAX_EXPENSE_SUPPLIER} placeholder={t('expenses.supplierPlaceholder')} data-testid="expense-supplier" />
        </Form.Item>
        <Form.Item name="documentNumber" label={t('expenses.documentNumber')}>
          <Input maxLength={MAX_EXPENSE_DOCUMENT} placeholder={t('expenses.documentPlaceholder')} data-testid="expense-document" />
        </Form.Item>
        <Form.Item name="note" label={t('expenses.note')}>
          <Input.TextArea maxLength={MAX_EXPENSE_NOTE} autoSize={{ minRows: 2, maxRows: 6 }} data-testid="expense-note" />
        </Form.Item>
      </Form>
      {expense ? (
        <ExpenseFiles expenseId={expense._id} />
      ) : (
        <Typography.Text type="secondary" data-testid="expense-files-later">
          {t('expenses.filesAfterSave')}
        </Typography.Text>
      )}
    </Drawer>
  )
}
