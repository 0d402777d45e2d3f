import { isMoneyFigure, topRevenueBars, toppersTable } from '../../renderer/src/features/reports/service-report-view'
import { topperLists, type TopperList } from '../../domain/reports/service-reports'
import { averagePrice } from '../../domain/reports/service-reports'

describe('the services report and the toppers on screen', () => {
  it('bars the services of the largest revenue, leaving out those with none', () => {
    const services = [
      { serviceId: 'a', name: 'Пломба', revenue: 500 },
      { serviceId: null, name: '', revenue: 900 },
      { serviceId: 'b', name: 'Чистка', revenue: 0 },
      { serviceId: 'c', name: 'Анестезия', revenue: 500 }
    ]
    expect(topRevenueBars(services, 2, (value) => `${value}¤`, 'Без услуги')).toEqual([
      { key: 'none', label: 'Без услуги', value: 900, text: '900¤' },
      { key: 'c', label: 'Анестезия', value: 500, text: '500¤' }
    ])
  })

  it('exports the six lists as one table, money and counts in their own columns', () => {
    const lists = Object.fromEntries(topperLists.map((list) => [list, []])) as unknown as Record<TopperList, Array<{ name: string; value: number }>>
    lists.doctorsByRevenue = [{ name: 'Anna', value: 34_000 }, { name: 'Bea', value: 13_499 }]
    lists.sourcesByNewPatients = [{ name: '', value: 2 }]
    expect(toppersTable(lists, (list) => list, (_, name) => name || 'none')).toEqual([
      ['doctorsByRevenue', 1, 'Anna', 34_000, ''],
      ['doctorsByRevenue', 2, 'Bea', 13_499, ''],
      ['sourcesByNewPatients', 1, 'none', '', 2]
    ])
    expect([isMoneyFigure('revenue'), isMoneyFigure('average'), isMoneyFigure('done'), isMoneyFigure('visits')]).toEqual([true, true, false, false])
  })

  it('averages the price per unit billed in whole minor units, half up', () => {
    expect([averagePrice(47_499, 5), averagePrice(13_499, 2), averagePrice(34_000, 3), averagePrice(0, 0), averagePrice(100, 0)]).toEqual([9_500, 6_750, 11_333, null, null])
  })
})
