import { useState } from 'react'
import { Button } from 'antd'
import { UploadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { ImportCsvModal } from '../clinical-codes/ImportCsvModal'

/** What a file for each dictionary looks like, shown above the file picker. */
const examples = {
  odb: 'part,name\nПрикус,Глубокий резцовый прикус\nСлизистая оболочка,Гиперемия маргинальной десны',
  'diagnose-objectively': 'name,condition,icd\nКариес в стадии пятна,C,K02.0',
  manipulations: 'name,code,uet\nНаложение коффердама,,0.5'
} as const

/** "Import CSV" for a clinical dictionary: the company's own entries from a file, all or nothing. */
export function ImportButton({ list }: { list: keyof typeof examples }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t('clinicalCodes.importCsv')}
      </Button>
      {open && <ImportCsvModal list={list} example={examples[list]} onClose={() => setOpen(false)} />}
    </>
  )
}
