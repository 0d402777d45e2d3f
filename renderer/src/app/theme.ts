import type { ThemeConfig } from 'antd'

/** One calm clinical palette for every screen; change it here, not per component. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0b7a75',
    borderRadius: 8,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#0f2a2e', bodyBg: '#f4f6f8', headerPadding: '0 16px', headerHeight: 56 },
    Menu: { darkItemBg: '#0f2a2e', darkSubMenuItemBg: '#0f2a2e', darkItemSelectedBg: '#0b7a75' },
    // Ticked rows (the customers list) in a light tint of the primary: the derived one was a dark
    // grey-green under which the name's link could hardly be read.
    Table: { rowSelectedBg: '#e6f3f1', rowSelectedHoverBg: '#d5ebe8' }
  }
}
