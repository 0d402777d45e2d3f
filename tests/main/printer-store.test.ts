import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { printerStore, readPrinterChoices, writePrinterChoices } from '../../main/src/printer-store'
import { noPrinterChoices } from '../../main/src/printer-roles'

describe('the workstation printer store', () => {
  let dir: string
  let file: string
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printers-'))
    file = path.join(dir, 'userData', 'printers.json')
  })
  afterEach(() => fs.rm(dir, { recursive: true, force: true }))

  it('reads no printers when the file is missing', async () => {
    expect(await readPrinterChoices(file)).toEqual(noPrinterChoices())
  })

  it('reads no printers from a corrupt file, and writing then replaces it', async () => {
    await fs.mkdir(path.dirname(file), { recursive: true })
    await fs.writeFile(file, '{"printers": {"documents": "HP"')
    expect(await readPrinterChoices(file)).toEqual(noPrinterChoices())
    await printerStore(file).set('receipt80', 'XP-80C')
    expect(await readPrinterChoices(file)).toEqual({ ...noPrinterChoices(), receipt80: 'XP-80C' })
  })

  it('keeps only known roles with printer names', async () => {
    await fs.mkdir(path.dirname(file), { recursive: true })
    await fs.writeFile(file, JSON.stringify({ printers: { documents: 'HP', receipt58: 42, fax: 'Fax', label: '' } }))
    expect(await readPrinterChoices(file)).toEqual({ ...noPrinterChoices(), documents: 'HP' })
  })

  it('writes atomically, leaving no temporary file, and clears a role with null', async () => {
    const store = printerStore(file)
    await Promise.all([store.set('documents', 'HP_LaserJet'), store.set('label', 'Zebra')])
    expect(await store.read()).toEqual({ ...noPrinterChoices(), documents: 'HP_LaserJet', label: 'Zebra' })
    expect(await fs.readdir(path.dirname(file))).toEqual(['printers.json'])
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toMatchObject({ version: 1 })
    await store.set('documents', null)
    expect((await store.read()).documents).toBeNull()
  })

  it('leaves the old file whole when a write fails', async () => {
    await writePrinterChoices(file, { ...noPrinterChoices(), documents: 'HP' })
    // A directory where the file should be makes the rename fail.
    const blocked = path.join(dir, 'blocked')
    await fs.mkdir(blocked, { recursive: true })
    await expect(writePrinterChoices(blocked, noPrinterChoices())).rejects.toThrow()
    expect(await fs.readdir(dir)).toEqual(expect.not.arrayContaining([expect.stringMatching(/\.tmp$/)]))
    expect((await readPrinterChoices(file)).documents).toBe('HP')
  })
})
