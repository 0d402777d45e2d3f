import { Button, ColorPicker, Form, Input } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCreate } from '../../api/live'
import { colorValue } from '../../components/color-value'
import { memberPalette } from '../../components/color'
import { showNameError } from './name-error'
import { toast } from '../../app/toasts'
import type { NamedListConfig } from './named-list'

interface AddValues {
  name: string
  color?: unknown
}

const randomColor = () => memberPalette[Math.floor(Math.random() * memberPalette.length)]

/** One line: the new item's name (and colour) and Create. */
export function NamedListAddForm({ config }: { config: NamedListConfig }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<AddValues>()
  const create = useCreate(config.path)

  async function add(values: AddValues) {
    try {
      const color = config.withColor ? colorValue(values.color) : undefined
      await create({ name: values.name.trim(), ...(color ? { color } : {}) })
      form.resetFields()
      form.setFieldsValue({ color: randomColor() })
      toast.success(t('common.saved'))
    } catch (error) {
      showNameError(form, error)
    }
  }

  return (
    <Form form={form} layout="inline" onFinish={add} initialValues={{ color: randomColor() }} style={{ marginBottom: 16, rowGap: 8 }}>
      {config.withColor && (
        <Form.Item name="color" style={{ marginInlineEnd: 8 }}>
          <ColorPicker disabledAlpha presets={[{ label: t('tags.palette'), colors: memberPalette }]} aria-label={t('tags.color')} />
        </Form.Item>
      )}
      <Form.Item name="name" rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]} style={{ flex: 1, minWidth: 180 }}>
        <Input placeholder={config.texts.placeholder} aria-label={config.texts.placeholder} maxLength={100} />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<PlusOutlined />}>
        {t('common.create')}
      </Button>
    </Form>
  )
}
