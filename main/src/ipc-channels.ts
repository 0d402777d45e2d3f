/** Every IPC channel between the desktop shell and the renderer. Nothing else is listened to. */
export const ipcChannels = {
  printDocument: 'clinic:print-document',
  dial: 'clinic:dial',
  appInfo: 'clinic:app-info'
} as const

export type IpcChannel = (typeof ipcChannels)[keyof typeof ipcChannels]
