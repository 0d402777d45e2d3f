import type { HookContext as FeathersHookContext, NextFunction } from '@feathersjs/feathers'
import type { Application as FeathersApplication } from '@feathersjs/koa'
import type { Knex } from 'knex'
import type { Logger } from 'pino'
import type { Configuration } from './configuration'
import type { Identity } from './access/identity'
import type { AuthenticationConfiguration } from '@feathersjs/authentication'

export type { NextFunction }

/** App-wide settings reachable through `app.get(...)`. */
export interface AppSettings {
  config: Configuration
  db: Knex
  logger: Logger
  authentication?: AuthenticationConfiguration
}

/** Each service adds its path and class here with `declare module '../../declarations'`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ServiceTypes {}

export type Application = FeathersApplication<ServiceTypes, AppSettings>
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type HookContext<S = any> = FeathersHookContext<Application, S>

declare module '@feathersjs/feathers' {
  interface Params {
    /** Set by authentication on every external call of a signed-in person. */
    identity?: Identity
  }
}
