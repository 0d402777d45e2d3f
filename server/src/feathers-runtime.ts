import * as feathersModule from '@feathersjs/feathers'

/**
 * Feathers' runtime helpers, from one place. Node's ESM loader (`npm start` runs the server as
 * ES modules) does not see these among the CommonJS package's named exports; they are on its
 * `default`. Under jest (CommonJS) they are plain named exports.
 */
export const { getServiceOptions, createContext } = (feathersModule as { default?: typeof feathersModule }).default ?? feathersModule
