import { useState } from 'react'
import { Button, Card, Form, Input, Popconfirm } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined, CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCreate, usePatch, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import { showServerError } from '../../components/form-errors'
import { toast, toastError } from '../../app/toasts'
import { categoryPath, servicePath, type ServiceCategory } from './catalogue-types'
import { reorder } from './service-form'

/** 'all' shows every category in groups; null is the services without a category. */
export type CategoryChoice = 'all' | string | null

interface Props {
  categories: ServiceCategory[]
  counts: Map<string | null, number>
  total: number
  selected: CategoryChoice
  onSelect: (choice: CategoryChoice) => void
}

/** The catalogue's categories: choose one to filter; add, rename, delete and order them. */
export function CategoryList({ categories, counts, total, selected, onSelect }: Props) {
  const { t } = useTranslation()
  const canCreate = useCan('service', 'create')
  const canEdit = useCan('service', 'edit')
  const canDelete = useCan('service', 'delete')
  const createCategory = useCreate(categoryPath)
  const patchCategory = usePatch(categoryPath)
  // Its services keep their categoryId (a restore brings the group back) and show as uncategorised.
  const removeCategory = useRemove(categoryPath, { also: [servicePath, 'trash'] })
  const [addForm] = Form.useForm<{ name: string }>()
  const [editForm] = Form.useForm<{ name: string }>()
  const [editingId, setEditingId] = useState<string | null>(null)
  const required = [{ required: true, whitespace: true, message: t('errors.field-required') }]

  async function add({ name }: { name: string }) {
    try {
      const rank = categories.reduce((max, category) => Math.max(max, category.rank + 1), 0)
      const created = await createCategory({ name: name.trim(), rank })
      addForm.resetFields()
      onSelect(created._id)
    } catch (error) {
      showServerError(addForm, error, ['name'])
    }
  }

  async function rename({ name }: { name: string }) {
    if (!editingId) return
    try {
      await patchCategory(editingId, { name: name.trim() })
      setEditingId(null)
    } catch (error) {
      showServerError(editForm, error, ['name'])
    }
  }

  async function move(index: number, direction: -1 | 1) {
    try {
      for (const change of reorder(categories, index, direction)) {
        await patchCategory(change.id, { rank: change.rank })
      }
    } catch (error) {
      toastError(error)
    }
  }

  async function remove(id: string) {
    try {
      await removeCategory(id)
      if (selected === id) onSelect('all')
      toast.success(t('trash.moved'))
    } catch (error) {
      toastError(error)
    }
  }

  const item = (choice: CategoryChoice, label: string, count: number | undefined) => (
    <div
      role="button"
      tabIndex={0}
      className={`category-item${selected === choice ? ' category-item-selected' : ''}`}
      onClick={() => onSelect(choice)}
      onKeyDown={(event) => event.key === 'Enter' && onSelect(choice)}
      aria-pressed={selected === choice}
    >
      <span className="category-item-name">{label}</span>
      <span className="category-item-count">{count ?? 0}</span>
    </div>
  )

  return (
    <Card size="small" title={t('services.categories')} className="catalogue-categories" data-testid="service-categories">
      {item('all', t('services.allCategories'), total)}
      <Form form={editForm} name="category-edit" component={false} onFinish={rename}>
        {categories.map((category, index) =>
          category._id === editingId ? (
            <div key={category._id} className="category-item category-item-selected">
              <Form.Item name="name" rules={required} style={{ margin: 0, flex: 1 }}>
                <Input size="small" autoFocus maxLength={100} aria-label={t('services.categoryName')} onPressEnter={() => editForm.submit()} />
              </Form.Item>
              <Button size="small" type="primary" icon={<CheckOutlined />} aria-label={t('common.save')} onClick={() => editForm.submit()} />
              <Button size="small" icon={<CloseOutlined />} aria-label={t('common.cancel')} onClick={() => setEditingId(null)} />
            </div>
          ) : (
            <div key={category._id} className={`category-item${selected === category._id ? ' category-item-selected' : ''}`} onClick={() => onSelect(category._id)} data-testid="category-item">
              <span className="category-item-name" role="button" tabIndex={0} aria-pressed={selected === category._id} onKeyDown={(event) => event.key === 'Enter' && onSelect(category._id)}>
                {category.name}
              </span>
              <span className="category-item-count">{counts.get(category._id) ?? 0}</span>
              {(canEdit || canDelete) && (
                <span className="category-item-actions" onClick={(event) => event.stopPropagation()}>
                  {canEdit && (
                    <>
                      <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={t('services.moveUp')} disabled={index === 0} onClick={() => void move(index, -1)} />
                      <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={t('services.moveDown')} disabled={index === categories.length - 1} onClick={() => void move(index, 1)} />
                      <Button
                        size="small"
                        type="text"
                        icon={<EditOutlined />}
                        aria-label={t('services.renameCategory')}
                        onClick={() => {
                          editForm.setFieldsValue({ name: category.name })
                          setEditingId(category._id)
                        }}
                      />
                    </>
                  )}
                  {canDelete && (
                    <Popconfirm
                      title={t('services.removeCategoryConfirm')}
                      description={t('services.removeCategoryHint')}
                      onConfirm={() => void remove(category._id)}
                      okText={t('common.delete')}
                      cancelText={t('common.cancel')}
                    >
                      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('services.removeCategory')} />
                    </Popconfirm>
                  )}
                </span>
              )}
            </div>
          )
        )}
      </Form>
      {item(null, t('services.noCategory'), counts.get(null))}
      {canCreate && (
        <Form form={addForm} name="category-add" onFinish={add} className="category-add" component="form">
          <Form.Item name="name" rules={required} style={{ margin: 0, flex: 1 }}>
            <Input size="small" maxLength={100} placeholder={t('services.newCategory')} aria-label={t('services.newCategory')} />
          </Form.Item>
          <Button size="small" htmlType="submit" icon={<PlusOutlined />} aria-label={t('services.addCategory')} />
        </Form>
      )}
    </Card>
  )
}
